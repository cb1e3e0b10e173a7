/**
 * The notifications feature's public entry: how another feature's open screen offers an action on
 * a live notification's toast (the lot room's "Bid €160"). Screens are not here: the routes load
 * each as its own chunk.
 */
export { provideToastAction } from './toast-actions'
