/**
 * Lotline's logo, drawn once in a 100×100 box: the app's header (Layout.tsx) paints it with the
 * theme's colours, scripts/make-icons.ts with fixed ones for the favicon and the PWA icons.
 */
export interface LogoRect {
  x: number
  y: number
  width: number
  height: number
  rx: number
}
export type LogoTone = 'gold' | 'goldDeep'

/** The rounded tile behind the gavel. */
export const LOGO_TILE: LogoRect = { x: 2, y: 2, width: 96, height: 96, rx: 22 }
/** The turn of the gavel's head and handle. */
export const GAVEL_TURN = 'rotate(-40 50 46)'
/** The head, its two faces and the handle, drawn turned by `GAVEL_TURN`. */
export const GAVEL_HEAD: ReadonlyArray<LogoRect & { tone: LogoTone }> = [
  { x: 30, y: 24, width: 40, height: 20, rx: 4, tone: 'gold' },
  { x: 25, y: 21, width: 8, height: 26, rx: 3, tone: 'goldDeep' },
  { x: 67, y: 21, width: 8, height: 26, rx: 3, tone: 'goldDeep' },
  { x: 46.5, y: 43, width: 7, height: 40, rx: 3.5, tone: 'gold' },
]
/** The block the gavel strikes, upright. */
export const GAVEL_BLOCK: LogoRect & { tone: LogoTone } = {
  x: 18,
  y: 80,
  width: 40,
  height: 8,
  rx: 3,
  tone: 'goldDeep',
}
