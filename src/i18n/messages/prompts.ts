import type { Message } from '../types'

/**
 * English of the update and install prompts: a chunk of its own, loaded with them once the page
 * has loaded (src/app/Layout.tsx), so a first visit of the lot list never evaluates the English of
 * every other screen just to have its prompts' words (decision 0059). Part of more.ts too.
 */
export const promptsEn = {
  'update.available': 'A new version of Lotline is available.',
  'install.title': 'Install Lotline',
  'install.body':
    'Add Lotline to your home screen: it opens like an app, works offline and keeps you signed in.',
  'install.ios': 'On iPhone: tap Share, then Add to Home Screen.',
  'install.action': 'Install',
  'install.notNow': 'Not now',
  'update.reload': 'Reload',
  'update.later': 'Later',
  'update.reloading': 'Updating…',
  'update.waitingFor.bid': 'Updating when your bid is answered…',
  'update.waitingFor.payment': 'Updating when your card payment is answered…',
  'update.waitingFor.save': 'Updating when what you sent is saved…',
  'update.offlineReady': 'Lotline is ready to work offline.',
} satisfies Record<string, Message>
