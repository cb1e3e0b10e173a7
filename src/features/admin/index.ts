/**
 * The admin feature's public entry. Its screen is not here: the routes load it as its own chunk
 * (`AdminScreen.tsx`), so the admin area never enters the initial JS.
 */
export { adminKeys } from './api'
export { ReasonField, reasonOk } from './ReasonField'
