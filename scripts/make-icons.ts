/**
 * Renders Lotline's icons from inline SVG with Chromium.
 *
 *   npx tsx scripts/make-icons.ts
 *
 * Writes public/favicon.svg, public/apple-touch-icon.png and public/icons/*.png. The manifest's
 * store screenshots are real ones, taken from the running app by scripts/make-screenshots.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { GAVEL_BLOCK, GAVEL_HEAD, GAVEL_TURN, LOGO_TILE, type LogoRect } from '../src/app/logo.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pub = join(root, 'public')

export const BRAND = {
  ink: '#121420',
  inkRaised: '#1f2336',
  gold: '#f2b84b',
  goldDeep: '#c98a1b',
  text: '#f3f1ea',
  muted: '#a9adc1',
}

/** One rect of the logo as SVG markup, in `fill`. */
const rect = (box: LogoRect, fill: string): string =>
  `<rect ${Object.entries(box)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ')} fill="${fill}"/>`

/**
 * The gavel glyph (src/app/logo.ts), centred on (50,50). `scale` shrinks it around the centre:
 * maskable icons keep all content inside the inner 80 % circle (safe zone).
 */
function gavel(scale: number): string {
  const { tone: blockTone, ...block } = GAVEL_BLOCK
  return `<g transform="translate(50 50) scale(${scale}) translate(-50 -50)">
    <g transform="${GAVEL_TURN}">
      ${GAVEL_HEAD.map(({ tone, ...box }) => rect(box, BRAND[tone])).join('\n      ')}
    </g>
    ${rect(block, BRAND[blockTone])}
  </g>`
}

type Variant = 'any' | 'maskable' | 'full'

/** any: rounded tile with transparent corners; maskable/full: full-bleed square. */
export function iconSvg(variant: Variant): string {
  const bg =
    variant === 'any'
      ? rect(LOGO_TILE, BRAND.ink)
      : `<rect width="100" height="100" fill="${BRAND.ink}"/>`
  // Safe zone is a circle of radius 40 % of the size: the glyph spans ~70 units, so ≤ 0.78 fits.
  const scale = variant === 'maskable' ? 0.62 : variant === 'full' ? 0.74 : 0.8
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${bg}${gavel(scale)}</svg>`
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

async function main(): Promise<void> {
  mkdirSync(join(pub, 'icons'), { recursive: true })
  writeFileSync(join(pub, 'favicon.svg'), iconSvg('any') + '\n')

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS })
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 })
    const renderSvg = async (svg: string, size: number, file: string): Promise<void> => {
      await page.setViewportSize({ width: size, height: size })
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
      )
      await page.screenshot({ path: join(pub, file), omitBackground: true })
      console.log('wrote', file)
    }
    await renderSvg(iconSvg('any'), 192, 'icons/icon-192.png')
    await renderSvg(iconSvg('any'), 512, 'icons/icon-512.png')
    await renderSvg(iconSvg('maskable'), 512, 'icons/maskable-512.png')
    // iOS fills transparency with black and rounds corners itself: full-bleed, opaque.
    await renderSvg(iconSvg('full'), 180, 'apple-touch-icon.png')
  } finally {
    await browser.close()
  }
}

await main()
