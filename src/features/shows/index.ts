/**
 * The shows feature's public entry: the lot list's "Live now" strip, loaded by the list once the
 * page is idle. Screens are not here: the routes load each as its own chunk.
 */
export { LiveNowStrip } from './LiveNowStrip'
