/**
 * Alerts on a closed app, Web Push (decision 0032): Account's section, the offer after a bid, and
 * dropping this browser's subscription at sign-out. Loaded only where used (Account's chunk, the
 * lot room after a bid, sign-out), never on the first screen.
 */
export { AlertsSection } from './AlertsSection'
export { BidAlertPrompt } from './BidAlertPrompt'
export { browserEndpoint, unsubscribeBrowser } from './browser'
