/**
 * The template a page the server drew keeps its code's preloads in, for the entry to request once
 * the page's pictures are in (decision 0060). A module of its own: the entry's chunk carries it
 * (vite.config.ts), and the entry must not import the app's.
 */
export const CODE_AFTER_PICTURE_ID = 'code-after-picture'
