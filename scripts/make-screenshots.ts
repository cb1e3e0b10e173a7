/**
 * Real screenshots for the manifest (install UI) and the README, taken from the running app:
 *
 *   npx tsx scripts/make-screenshots.ts
 *
 * Builds the client, starts the server on a fresh demo database, lets Alice and Carol bid on Bob's
 * tea set (Carol's maximum outbids Alice), then photographs the room as Alice (desktop and phone).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext } from 'playwright-core'
import { buildClient, launchBrowser, ROOT, startServer } from '../tests/e2e/harness.ts'

const XHR = { 'X-Requested-With': 'XMLHttpRequest' }

async function signedIn(context: BrowserContext, base: string, email: string) {
  const res = await context.request.post(`${base}api/auth/login`, {
    data: { email, password: 'lotline-demo' },
    headers: XHR,
  })
  if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()}`)
}

async function main() {
  const server = await startServer({ distDir: buildClient('screenshots') })
  const browser = await launchBrowser()
  const tmp = await mkdtemp(join(tmpdir(), 'lotline-shots-'))
  try {
    const base = server.url
    // A lot of Bob's with a few hours left (a calm countdown), so Alice and Carol may bid.
    const setup = await browser.newContext()
    await signedIn(setup, base, 'alice@lotline.test')
    const lots = (await (await setup.request.get(`${base}api/lots?status=open`)).json()) as {
      items: Array<{ id: string; title: string; minNextBid: number }>
    }
    const lot = lots.items.find((l) => l.title.includes('tea set')) ?? lots.items[0]!
    let attempt = 0
    const bid = async (context: BrowserContext, amount: number, maxAmount?: number) =>
      context.request.post(`${base}api/lots/${lot.id}/bids`, {
        data: { amount, ...(maxAmount ? { maxAmount } : {}) },
        headers: { ...XHR, 'Idempotency-Key': `shot-${Date.now()}-${++attempt}` },
      })
    const check = async (label: string, res: Awaited<ReturnType<typeof bid>>) => {
      if (!res.ok()) throw new Error(`${label}: ${res.status()} ${await res.text()}`)
    }
    await check('alice', await bid(setup, lot.minNextBid, lot.minNextBid + 300))
    const carol = await browser.newContext()
    await signedIn(carol, base, 'carol@lotline.test')
    await check('carol', await bid(carol, lot.minNextBid + 100, lot.minNextBid + 1000))
    await carol.close()
    await setup.close()

    const shot = async (
      width: number,
      height: number,
      scale: number,
      path: string,
      file: string,
    ) => {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: scale,
      })
      await signedIn(context, base, 'alice@lotline.test')
      const page = await context.newPage()
      await page.goto(`${base}${path.replace(/^\//, '')}`)
      await page.waitForSelector('main h1')
      await page.waitForTimeout(1500)
      // Transient notices ("ready to work offline") are not part of the picture.
      for (const close of await page.locator('.toast button').all()) await close.click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: file })
      await context.close()
    }
    await shot(1280, 720, 1, '/', join(ROOT, 'public/screenshots/wide-1280x720.png'))
    await shot(360, 640, 2, `/lots/${lot.id}`, join(ROOT, 'public/screenshots/narrow-720x1280.png'))
    await shot(1280, 800, 1, `/lots/${lot.id}`, join(tmp, 'desk.png'))
    await shot(390, 844, 1, `/lots/${lot.id}`, join(tmp, 'phone.png'))

    const b64 = async (f: string) => (await readFile(join(tmp, f))).toString('base64')
    await writeFile(
      join(tmp, 'readme.html'),
      `<html><body style="margin:0;background:#0b0d16;display:flex;gap:32px;padding:32px;align-items:flex-start">
<img src="data:image/png;base64,${await b64('desk.png')}" style="width:1280px;border-radius:12px;box-shadow:0 8px 32px #000">
<img src="data:image/png;base64,${await b64('phone.png')}" style="width:390px;border-radius:28px;box-shadow:0 8px 32px #000">
</body></html>`,
    )
    const page = await browser.newPage({ viewport: { width: 1766, height: 908 } })
    await page.goto(`file://${join(tmp, 'readme.html')}`)
    await page.screenshot({ path: join(ROOT, 'docs/screenshot.png') })
  } finally {
    await browser.close()
    await server.stop()
    await rm(tmp, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
