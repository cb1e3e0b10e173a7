/**
 * The entry (decision 0059). It runs the app in two tasks, not one: first the libraries' code
 * (the vendor chunk) is evaluated, then, after the main thread has had a chance to answer a tap,
 * the app's own code and its start (src/boot.tsx). A first visit on a slow phone otherwise spent
 * one long task evaluating both, the longest of its first seconds. Both chunks are named by the
 * page (server/lib/shell-modules.ts), so they download at once, beside this file.
 */
const yieldToMain = () => new Promise((resolve) => setTimeout(resolve, 0))

void import('./boot-libraries').then(yieldToMain).then(() => import('./boot'))
