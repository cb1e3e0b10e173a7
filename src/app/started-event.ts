/**
 * Dispatched on `document` once the app has drawn (or hydrated) its first screen: the entry then
 * gives the buttons tapped meanwhile their tap (src/main.tsx, decision 0059). A module of its own,
 * with no imports: the entry loads it before any library.
 */
export const APP_STARTED_EVENT = 'lotline:started'
