/**
 * Browser end-to-end harness: builds the client (once per build label), starts the real server
 * (`server/main.ts`: Fastify + PGlite + embedded real-time service) on free ports with a fresh
 * data directory, and drives Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type LaunchOptions,
  type Page,
} from 'playwright-core'
import { inject } from 'vitest'
import { freePort } from '../free-port.ts'

export const ROOT = resolve(import.meta.dirname, '../..')
export const E2E_TMP = join(ROOT, 'tests/e2e/.tmp')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

/**
 * Builds the client into tests/e2e/.tmp/dist-<label>. The label reaches the bundle as
 * VITE_APP_VERSION, so two labels give two genuinely different builds (for update tests).
 */
const builtThisRun = new Set<string>()
const ownBuilds: string[] = []
// Per-process output folders: two runs (or two people) building the same label at once must not
// empty each other's folder mid-copy. Removed when this worker exits.
process.once('exit', () => {
  for (const dir of ownBuilds) rmSync(dir, { recursive: true, force: true })
})

/** What the e2e project's global setup made once for the whole run (tests/e2e/global-setup.ts). */
function sharedThisRun() {
  // Benchmarks and scripts use this harness outside vitest, where nothing was provided.
  return process.env.VITEST ? inject('e2eShared') : undefined
}

export function buildClient(label: string, env: Record<string, string> = {}): string {
  const shared = Object.keys(env).length === 0 ? sharedThisRun()?.builds[label] : undefined
  if (shared) return shared
  const outDir = join(E2E_TMP, `dist-${label}-${process.pid}`)
  // Built once per test-file worker process; never reused across runs (it could be stale).
  if (builtThisRun.has(label) && existsSync(join(outDir, 'index.html'))) return outDir
  buildClientNow(label, outDir, env)
  builtThisRun.add(label)
  ownBuilds.push(outDir)
  return outDir
}

/** A real production build of the client, labelled `label`, into `outDir`. */
export function buildClientNow(label: string, outDir: string, env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: ROOT,
      // A real production build: vitest's NODE_ENV=test would give development React, and its
      // VITEST flag switches the PWA plugin off (vite.config.ts stubs it for unit tests).
      env: { ...process.env, NODE_ENV: 'production', VITEST: '', VITE_APP_VERSION: label, ...env },
      encoding: 'utf8',
    },
  )
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`)
  return outDir
}

export interface RunningServer {
  url: string
  port: number
  realtimePort: number
  dataDir: string
  distDir: string
  logs: string[]
  stop(): Promise<void>
  /** Replaces the served build in place, as a deploy would. */
  deploy(distDir: string): Promise<void>
  /** Stops the server process (API and embedded real-time service) gracefully, keeping its data. */
  halt(): Promise<void>
  /** Starts it again on the same ports and data. */
  resume(): Promise<void>
  /**
   * With `separateRealtime`: the Pusher-protocol service runs as its own process
   * (`npm run realtime`), so it can restart while the API stays up, and the other way round.
   */
  realtime?: { halt(): Promise<void>; resume(): Promise<void> }
}

export async function startServer(options: {
  distDir: string
  env?: Record<string, string>
  separateRealtime?: boolean
}): Promise<RunningServer> {
  const port = await freePort()
  const realtimePort = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'lotline-e2e-'))
  // Serve a private copy so deploy() can swap files under a running server.
  const servedDir = join(dataDir, 'client')
  await cp(options.distDir, servedDir, { recursive: true })
  // A migrated empty cluster to start from, as after a first start (tests/e2e/global-setup.ts).
  const template = sharedThisRun()?.pgliteTemplate
  if (template && !options.env?.DATABASE_URL) {
    await cp(template, join(dataDir, 'pglite'), { recursive: true })
  }
  const logs: string[] = []
  const base = options.env?.BASE_PATH ?? '/'
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUSHER_PORT: String(realtimePort),
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: servedDir,
    LOG_LEVEL: 'warn',
    // The browser suites count a first visit's requests: a loaded CI machine must not turn a
    // page's answers into requests (production's 300 ms bound is tested in the server suite).
    // Benchmarks keep the production value.
    ...(process.env.VITEST ? { SHELL_ANSWER_WAIT_MS: '5000' } : {}),
    // The browser suites check amounts without fees unless a suite sets them (decision 0051).
    BUYER_PREMIUM_PERCENT: '0',
    SELLER_FEE_PERCENT: '0',
    // Likewise without demo credit, which local mode without Stripe keys gives each new member
    // (decision 0053); a suite that shows local mode as a newcomer meets it passes DEMO_CREDIT ''.
    DEMO_CREDIT: '0',
    // An external service: the API publishes to it and tells browsers to connect to it.
    ...(options.separateRealtime ? { PUSHER_HOST: '127.0.0.1' } : {}),
    ...options.env,
  }
  const kill = async (child: ChildProcess) => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(5000)])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  // A process that did not come up in time is stopped, not left running (and loading the machine
  // for the next attempt). Under a shared machine's load a start took 95 s: 3 minutes are allowed.
  const START_MS = 180_000
  const stopAndRethrow = (child: ChildProcess) => async (error: unknown) => {
    await kill(child)
    throw error
  }
  const spawnServer = async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/main.ts')],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
    child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${logs.join('')}`)
      const res = await fetch(`http://127.0.0.1:${port}${base}health`).catch(() => undefined)
      return res?.ok === true
    }, START_MS).catch(stopAndRethrow(child))
    return child
  }
  const spawnRealtime = async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/realtime/main.ts')],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
    child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`realtime exited:\n${logs.join('')}`)
      const res = await fetch(`http://127.0.0.1:${realtimePort}/`).catch(() => undefined)
      return res !== undefined
    }, START_MS).catch(stopAndRethrow(child))
    return child
  }
  let realtimeChild = options.separateRealtime ? await spawnRealtime() : undefined
  let child = await spawnServer()
  const url = `http://localhost:${port}${base}`
  return {
    url,
    port,
    realtimePort,
    dataDir,
    distDir: servedDir,
    logs,
    async deploy(distDir) {
      await rm(servedDir, { recursive: true, force: true })
      await cp(distDir, servedDir, { recursive: true })
    },
    async halt() {
      await kill(child)
    },
    async resume() {
      child = await spawnServer()
    },
    realtime: realtimeChild
      ? {
          async halt() {
            if (realtimeChild) await kill(realtimeChild)
          },
          async resume() {
            realtimeChild = await spawnRealtime()
          },
        }
      : undefined,
    async stop() {
      await kill(child)
      if (realtimeChild) await kill(realtimeChild)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, ...options })
}

/** A persistent profile: Chromium only evaluates installability for those. */
export async function launchPersistent(): Promise<{
  context: BrowserContext
  close(): Promise<void>
}> {
  const profile = await mkdtemp(join(tmpdir(), 'lotline-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  })
  return {
    context,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, stepMs = 200) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`)
    await sleep(stepMs)
  }
}

/**
 * Device sleep. Headless Chromium does not implement page visibility (Page.setWebLifecycleState,
 * minimising the window or activating another tab leave the page "visible" with no events), so
 * the page is hidden through the Page Visibility API's own signals — `visibilityState` becomes
 * "hidden" and `visibilitychange` fires, as on a phone whose screen goes off — and then frozen
 * with the debugger: no timer, task or socket handler runs until it wakes, as in a frozen tab.
 */
/**
 * Resolves once every IndexedDB write the page had started has committed: an empty read-write
 * transaction over a database's stores completes only after the ones before it. Three rounds,
 * each after an idle period, catch a write started by the previous round's promise chains.
 */
const SETTLE_INDEXED_DB = `(async () => {
  const idle = () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }))
  const settle = (name) => new Promise((resolve) => {
    const open = indexedDB.open(name)
    open.onupgradeneeded = () => open.transaction && open.transaction.abort()
    open.onerror = () => resolve()
    open.onsuccess = () => {
      const db = open.result
      const stores = [...db.objectStoreNames]
      if (stores.length === 0) return (db.close(), resolve())
      const tx = db.transaction(stores, 'readwrite')
      tx.oncomplete = tx.onabort = tx.onerror = () => (db.close(), resolve())
    }
  })
  for (let round = 0; round < 3; round++) {
    await idle()
    const names = (await indexedDB.databases()).map((d) => d.name).filter(Boolean)
    await Promise.all(names.map(settle))
  }
})()`

/** Returns the wake-up. */
export async function sleepDevice(cdp: CDPSession, page: Page) {
  // A string, not a function: tsx (outside vitest) would wrap a function with a `__name` helper
  // that does not exist in the page.
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate(`(() => {
      const value = ${JSON.stringify(state)}
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    })()`)
  await setVisibility('hidden')
  // A hidden page writes its state to IndexedDB (offline/persist.ts). A tab frozen with a write
  // in flight would hold its transaction open and block every other tab's reads and writes of
  // the same store; a phone freezes a page minutes after it is hidden, and Chromium does not
  // freeze one holding IndexedDB locks others wait on. So the write lands first.
  await page.evaluate(SETTLE_INDEXED_DB)
  await cdp.send('Debugger.enable')
  await cdp.send('Debugger.pause')
  return async () => {
    await cdp.send('Debugger.resume')
    await cdp.send('Debugger.disable')
    await setVisibility('visible')
  }
}

export const API_HEADERS = {
  'X-Requested-With': 'XMLHttpRequest',
  'content-type': 'application/json',
}
export const DEMO_PASSWORD = 'lotline-demo'

/**
 * The HTTP API as another member or the admin uses it beside the browser: `login` returns the
 * session cookie, `api` sends a request with it. `url` is read at call time (servers start in
 * beforeAll).
 */
export function apiClient(url: () => string) {
  const api = (path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${url()}api/${path}`, {
      ...init,
      headers: { ...API_HEADERS, cookie, ...init.headers },
    })
  const login = async (email: string): Promise<string> => {
    const res = await api('auth/login', '', {
      method: 'POST',
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`)
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!
  }
  return { api, login }
}

/**
 * Waits until the app has taken over the page (decision 0059): hydrated the server's HTML, or
 * drawn the shell. A tap before that is kept for its button (src/main.tsx); typing, choosing in a
 * select or changing the page's DOM from a test is for the app's page, so a test waits for it.
 */
export async function appStarted(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForFunction(
    () =>
      performance.getEntriesByName('lotline:hydrated').length > 0 ||
      performance.getEntriesByName('lotline:rendered').length > 0,
    undefined,
    { timeout: timeoutMs },
  )
}
