/**
 * The browser globals the app's modules read when they load, for the server's render of a first
 * screen (src/entry-server.tsx): only `location`, which the HTTP client's prefix is made from. Its
 * origin is never contacted: during a render every request is answered from the page's own
 * answers (src/api/first-screen-answers.ts).
 */
export const RENDER_ORIGIN = 'http://first-screen.invalid'

if (typeof globalThis.location === 'undefined') {
  Object.defineProperty(globalThis, 'location', {
    value: new URL(import.meta.env.BASE_URL, RENDER_ORIGIN),
    configurable: true,
  })
}
