/**
 * `virtual:pwa-register/react` for the server's renderer (build/ssr-renderer.ts): that module only
 * exists in the client build, and the server never renders the update prompt (it waits for the
 * page's load, src/app/Layout.tsx). Reaching it there is a bug, said loudly.
 */
export function useRegisterSW(): never {
  throw new Error('The service worker is registered in the browser, never by the server render.')
}
