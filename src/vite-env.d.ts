/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Build label (CI or a deploy sets it); shown on the account screen and on <html>. */
  readonly VITE_APP_VERSION?: string
}
