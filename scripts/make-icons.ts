/**
 * Renders Lotline's icons, and mock-up store screenshots, from inline SVG with Chromium.
 *
 *   npx tsx scripts/make-icons.ts
 *
 * Writes public/favicon.svg, public/apple-touch-icon.png, public/icons/*.png and
 * public/screenshots/*.png. The mock-ups overwrite the real screenshots that
 * scripts/make-screenshots.ts takes from the running app: run that one afterwards.
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

function screenshotHtml(width: number, height: number): string {
  const narrow = width < height
  const cards = Array.from({ length: narrow ? 4 : 6 }, (_, i) => {
    const price = ['€ 48.00', '€ 120.00', '€ 15.50', '€ 310.00', '€ 72.00', '€ 9.50'][i]
    return `<div class="card"><div class="img"></div><div class="t"></div><div class="p">${price}</div></div>`
  }).join('')
  return `<!doctype html><html><head><style>
    *{box-sizing:border-box;margin:0}
    body{width:${width}px;height:${height}px;background:${BRAND.ink};color:${BRAND.text};
      font:16px system-ui,sans-serif;overflow:hidden}
    header{display:flex;align-items:center;gap:14px;padding:${narrow ? 28 : 20}px 32px;
      background:${BRAND.inkRaised};font-weight:700;font-size:${narrow ? 34 : 24}px}
    header svg{width:${narrow ? 56 : 40}px;height:${narrow ? 56 : 40}px}
    h1{font-size:${narrow ? 44 : 32}px;margin:36px 32px 24px}
    .grid{display:grid;grid-template-columns:repeat(${narrow ? 1 : 3},1fr);gap:24px;padding:0 32px}
    .card{background:${BRAND.inkRaised};border-radius:16px;padding:18px;display:flex;gap:18px;
      flex-direction:${narrow ? 'row' : 'column'};align-items:${narrow ? 'center' : 'stretch'}}
    .img{background:#2c3150;border-radius:10px;${narrow ? 'width:150px;height:110px' : 'height:130px'}}
    .t{height:18px;border-radius:9px;background:#3a4060;${narrow ? 'flex:1' : 'width:70%'}}
    .p{color:${BRAND.gold};font-weight:700;font-size:${narrow ? 30 : 22}px}
  </style></head><body>
    <header>${iconSvg('any')}<span>Lotline</span></header>
    <h1>Open lots</h1><div class="grid">${cards}</div>
  </body></html>`
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
  mkdirSync(join(pub, 'screenshots'), { recursive: true })
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

    for (const [w, h, name] of [
      [1280, 720, 'screenshots/wide-1280x720.png'],
      [720, 1280, 'screenshots/narrow-720x1280.png'],
    ] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.setContent(screenshotHtml(w, h))
      await page.screenshot({ path: join(pub, name) })
      console.log('wrote', name)
    }
  } finally {
    await browser.close()
  }
}

await main()
