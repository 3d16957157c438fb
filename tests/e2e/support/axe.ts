/**
 * Accessibility check of the layout sweeps (issue 22 §6): axe-core (through @axe-core/playwright) on the screen as it
 * is, every rule axe runs by default (WCAG 2.0–2.2 A/AA and the best practices) plus label-content-name-mismatch,
 * failing on any serious or critical violation; plus exactly one <h1> per screen. The failure message lists each rule, its impact, the nodes' selectors
 * and the help URL, so one run shows everything that breaks. Soft assertions: a sweep reports every screen.
 *
 * Nothing is excluded; see docs/accessibility.md. Runtime: axe runs at AXE_WIDTHS only (375 and 1440 px), on a
 * screen already built for the layout check (no reload, no re-seeding); in the second colour scheme only the rules
 * whose result can depend on colours run (COLOUR_RULES), since the scheme moves no box and changes no markup.
 * axe-core is put into a page once and run there with `axe.run` (runAxe): @axe-core/playwright's AxeBuilder
 * evaluated axe's 1.3 MB source three times per check and finished each run in a new blank page: the admin
 * sweep at 375 px took 57 s with it, 35 s with its legacy mode and 29 s this way (docs/decisions.md, issue 23).
 * Our screens have no frames, which is what AxeBuilder's per-frame machinery is for.
 */
import { expect, type Page } from '@playwright/test'
import axe, { type Result, type RunOptions } from 'axe-core'

export const AXE_WIDTHS: readonly number[] = [375, 1440]
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical']
/** The rules whose outcome the colour scheme can change; the rest are checked once per screen and width. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const

export interface AxeCheck {
  /** Names the screen in failure messages, e.g. 'member/note 375 dark'. */
  label: string
  /** Only these rules (e.g. COLOUR_RULES for the second colour scheme); all default rules when absent. */
  rules?: readonly string[]
  /** Whether to check the single <h1> (structure: once per screen is enough). Default true. */
  headings?: boolean
}

/**
 * One block per violation: impact, rule, help URL, then up to 8 nodes, each with its selector and axe's reason (for
 * color-contrast the ratio and both colours).
 */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 8).map((n) => {
        const why = [...n.any, ...n.all, ...n.none].find((c) => c.message)?.message ?? ''
        return `    ${n.target.join(' ')}  — ${why}`
      })
      const more = v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : []
      return [`  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nodes) ${v.helpUrl}`, ...nodes, ...more].join('\n')
    })
    .join('\n')
}

/** Whether the sweeps run axe at this width. */
export function axeAt(width: number): boolean {
  return AXE_WIDTHS.includes(width) && process.env.SWEEP_AXE !== '0'
}

/**
 * The axe check of one screen in one colour scheme of the sweep: everything in the first scheme, the colour rules in
 * the others.
 */
export function checkAxeInScheme(page: Page, label: string, firstScheme: boolean): Promise<void> {
  return checkAxe(page, firstScheme ? { label } : { label, rules: COLOUR_RULES, headings: false })
}

interface RunningAnimation {
  effect: { getComputedTiming(): { endTime?: number | string } } | null
  finished: Promise<unknown>
}
interface AnimatedDocument {
  document: { getAnimations(): RunningAnimation[] }
}

/**
 * Waits for the page's finite animations and transitions to end (a colour transition after the scheme switched, a
 * card fading in): axe reads the colours of the moment, and a half-faded text is not what anyone reads. Endless
 * ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as AnimatedDocument).document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

interface AxeWindow {
  axe?: { run(context: unknown, options: RunOptions): Promise<{ violations: Result[] }> }
  document: unknown
}

/** axe's violations on the page as it is (axe-core put into the page first if this document has none yet). */
export async function runAxe(page: Page, options: RunOptions): Promise<Result[]> {
  if (!(await page.evaluate(() => typeof (globalThis as unknown as AxeWindow).axe?.run === 'function'))) await page.evaluate(axe.source)
  return page.evaluate(async (runOptions) => {
    const w = globalThis as unknown as AxeWindow
    return (await w.axe!.run(w.document, runOptions)).violations
  }, options)
}

/** Runs axe on the page and soft-fails on serious or critical violations (and on a count of <h1> other than one). */
export async function checkAxe(page: Page, { label, rules, headings = true }: AxeCheck): Promise<void> {
  // only the violations' nodes are collected and sent back (the passes of a long table cost most of the time)
  // label-content-name-mismatch (WCAG 2.5.3: the name contains the visible label) is experimental in axe 4.13 and
  // off by default; Lighthouse reports it, so the full pass turns it on
  const options: RunOptions = rules
    ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: [...rules] } }
    : { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }
  await settleAnimations(page)
  const violations = await runAxe(page, options)
  const failing = violations.filter((v) => FAILING_IMPACTS.includes(v.impact ?? ''))
  // the rule ids as the compared value (a short diff), everything else in the message
  expect.soft(failing.map((v) => v.id), `${label}: axe found serious or critical violations:\n${describeViolations(failing)}`).toEqual([])
  if (headings) {
    const h1 = await page.locator('h1:visible').count()
    expect.soft(h1, `${label}: ${h1} <h1> elements, one expected`).toBe(1)
  }
}
