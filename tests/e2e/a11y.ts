/**
 * Accessibility gate for the browser suites (docs/testing.md): axe-core runs inside the page on
 * the screen and state as the person sees it, and any violation of serious or critical impact
 * fails the test with a readable list (rule, impact, the first offending elements).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

interface AxeNode {
  target: string[]
  failureSummary?: string
}
interface AxeViolation {
  id: string
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null
  help: string
  nodes: AxeNode[]
}

/** Rules axe reports that are about the document, not about a state we are checking. */
const RUN_OPTIONS = {
  resultTypes: ['violations'],
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
}

/**
 * Waits for the page's running CSS transitions and finite animations to end. A button that
 * changes variant (Suspend, danger, turns into its undo, secondary) fades its background for
 * 0.15 s; axe sampling that fade measured a colour the person sees for a frame or two and
 * failed a settled screen that passes. Infinite animations (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    .map((a) => a.finished.catch(() => undefined)))`)
}

/** `every`: violations of any impact, for screens held to no violations at all. */
export async function axeViolations(page: Page, every = false): Promise<AxeViolation[]> {
  await settleAnimations(page)
  const loaded = await page.evaluate('typeof window.axe === "object"')
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an inline <script>.
  if (!loaded) await page.evaluate(AXE_SOURCE)
  // A string, not a function: see sleepDevice in harness.ts (tsx's __name helper).
  const violations = (await page.evaluate(
    `window.axe.run(document, ${JSON.stringify(RUN_OPTIONS)}).then((r) => r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    })))`,
  )) as AxeViolation[]
  if (every) return violations
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/**
 * Fails when the page, as it is now, has a serious or critical axe violation (with `every`, any
 * violation at all). `label` names the screen and state in the failure ("lot room, seller, dark").
 */
export async function expectAccessible(
  page: Page,
  label: string,
  options: { every?: boolean } = {},
): Promise<void> {
  const violations = await axeViolations(page, options.every)
  if (violations.length === 0) return
  const lines = violations.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'),
  )
  const which = options.every ? 'violations' : 'serious/critical'
  throw new Error(`axe: ${violations.length} ${which} on ${label}:\n${lines.join('\n')}`)
}
