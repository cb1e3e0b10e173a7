import { readFileSync } from 'node:fs'
import { transform } from 'lightningcss'
import type { Plugin } from 'vite'

/**
 * Inlines src/styles/shell.css (tokens, base, header, navigation, layout and the boot skeleton)
 * into index.html as a minified `<style>`, in dev and in builds: the skeleton in index.html then
 * paints from the HTML alone, before any stylesheet or script arrives (decision 0030). The app's
 * own stylesheet (src/styles.css and the screens' CSS) becomes a `<link rel="preload" as="style">`:
 * fetched at once, blocking nothing; src/app/stylesheet.ts applies it and the first render waits
 * for it, so React never draws unstyled. (A stylesheet link, even at the end of <body>, held the
 * first paint back whenever the parser reached it before the first frame.) CSP allows inline
 * styles (`style-src 'self' 'unsafe-inline'`), not inline scripts.
 */
export function inlineShellCss(file: URL): Plugin {
  const minified = () =>
    transform({ filename: 'shell.css', code: readFileSync(file), minify: true }).code.toString()
  return {
    name: 'lotline:inline-shell-css',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const { rest, links } = takeStylesheets(html)
        return {
          html: rest,
          tags: [{ tag: 'style', children: minified(), injectTo: 'head-prepend' }, ...links],
        }
      },
    },
  }
}

/** Takes the page's `<link rel="stylesheet">` tags out, to name them as preloads instead. */
function takeStylesheets(html: string) {
  const pattern = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\s*/g
  const links = [...html.matchAll(pattern)].map(([, href]) => ({
    tag: 'link',
    attrs: { rel: 'preload', as: 'style', crossorigin: true, href, 'data-app-style': true },
    injectTo: 'head' as const,
  }))
  return { rest: html.replace(pattern, ''), links }
}
