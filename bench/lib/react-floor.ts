/**
 * The "React alone" floor of bench/lighthouse.ts (--floor react): this build's pages as the server
 * sends them, their own scripts taken out and bench/fixtures/react-floor.ts put in, served by a
 * small proxy in front of the app's server (pictures, styles and the API pass through as they are).
 */
import { createServer, request, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'vite'
import { CODE_AFTER_PICTURE_ID } from '../../common/code-after-picture.ts'

const PREFIX = '/__react-floor/'
const ROOT = join(import.meta.dirname, '..', '..')

/** A production build of the fixture: its entry and react-dom's chunk, into `outDir`. */
async function buildFixture(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: PREFIX,
    mode: 'production',
    logLevel: 'error',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      modulePreload: false,
      rollupOptions: {
        input: join(ROOT, 'bench/fixtures/react-floor.ts'),
        output: { entryFileNames: 'react-floor.js' },
      },
    },
  })
}

/** The page with its module scripts, module preloads and late code list replaced by the fixture. */
export function withReactAlone(html: string): string {
  return html
    .replace(/<script type="module"[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(new RegExp(`<template id="${CODE_AFTER_PICTURE_ID}">[\\s\\S]*?</template>`), '')
    .replace('</body>', `<script type="module" src="${PREFIX}react-floor.js"></script></body>`)
}

export interface ReactFloor {
  url: string
  stop(): Promise<void>
}

/** Builds the fixture and starts the proxy in front of `base` (the app's server). */
export async function startReactFloor(base: string, outDir: string): Promise<ReactFloor> {
  await buildFixture(outDir)
  const target = new URL(base)
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (path.startsWith(PREFIX)) {
      const file = join(outDir, path.slice(PREFIX.length).split('?')[0]!.replace(/\.\./g, ''))
      readFile(file).then(
        (body) => {
          res.writeHead(200, { 'content-type': 'text/javascript' })
          res.end(body)
        },
        () => {
          res.writeHead(404)
          res.end()
        },
      )
      return
    }
    // Plain bytes for the pages, so the HTML can be rewritten; the rest passes through.
    const headers = { ...req.headers, host: target.host, 'accept-encoding': 'identity' }
    const upstream = request(
      { host: target.hostname, port: target.port, path, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '')
        if (!type.startsWith('text/html')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const body = withReactAlone(Buffer.concat(chunks).toString('utf8'))
          const { 'content-length': _length, ...rest } = answer.headers
          res.writeHead(answer.statusCode ?? 200, rest)
          res.end(body)
        })
      },
    )
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('React floor proxy has no port')
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
