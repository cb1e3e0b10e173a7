/**
 * Applies the app's stylesheet, which index.html only preloads (build/shell-css.ts), and resolves
 * once it is in effect: main.tsx renders after it, so no screen is drawn unstyled, while the
 * skeleton painted meanwhile. Resolves at once in dev (Vite injects the CSS itself) and, if the
 * sheet cannot be had (offline and never cached), after it failed: unstyled beats nothing.
 */
export function applyAppStylesheet(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-style]')]
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link')
          sheet.rel = 'stylesheet'
          sheet.crossOrigin = preload.crossOrigin
          sheet.href = preload.href
          sheet.addEventListener('load', () => resolve(), { once: true })
          sheet.addEventListener('error', () => resolve(), { once: true })
          doc.head.append(sheet)
        }),
    ),
  ).then(() => undefined)
}
