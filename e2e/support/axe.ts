// axe-core in a page of the suites: the WCAG 2.1 A and AA rules, run over what the page shows now.
// `axeCheck` returns what it found grouped by impact; `axeSummary` prints a finding the way a person
// fixing it needs it (rule, page, the elements). Other specs reuse both.
import type { Locator, Page } from '@playwright/test';
import axe from 'axe-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe's best practices beyond WCAG (headings in order, one main, content in landmarks, named table headers). */
export const BEST_PRACTICE = 'best-practice';

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface AxeFinding {
  rule: string;
  impact: Impact;
  help: string;
  /** The elements (CSS selectors) and, per element, what axe says is wrong with it. */
  nodes: Array<{ target: string; summary: string }>;
}

export interface AxePage {
  url: string;
  findings: AxeFinding[];
}

/**
 * Puts axe into the page once (a client-side navigation keeps it). Evaluated by the browser's
 * devtools protocol, which the site's Content-Security-Policy (no inline scripts) does not govern.
 */
async function inject(page: Page) {
  const present = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axe.source);
}

/**
 * Runs axe over the whole document (or `include`) and returns its violations: the WCAG 2.1 A and AA
 * rules, and axe's best practices unless `bestPractice: false`.
 */
export async function axeCheck(page: Page, opts: { include?: string; bestPractice?: boolean } = {}): Promise<AxePage> {
  // Colours are read as painted: a dialog still fading in (antd's) would be judged half transparent. Finite
  // animations and transitions are let finish first (an endless one, a spinner, is not waited for).
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  await inject(page);
  const raw = await page.evaluate(
    async ({ tags, include }) => {
      const w = window as unknown as { axe: typeof import('axe-core') };
      const result = await w.axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: (v.impact ?? 'minor') as string,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
    },
    { tags: opts.bestPractice === false ? AXE_TAGS : [...AXE_TAGS, BEST_PRACTICE], include: opts.include },
  );
  return { url: new URL(page.url()).pathname + new URL(page.url()).search, findings: raw as AxeFinding[] };
}

export const isBlocking = (f: AxeFinding) => f.impact === 'critical' || f.impact === 'serious';

/** Counts of violations (rules × elements) by impact over some pages. */
export function axeCounts(pages: AxePage[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const p of pages) for (const f of p.findings) counts[f.impact] += f.nodes.length;
  return counts;
}

/** One line per finding and element, for a failure message or the log. */
export function axeSummary(pages: AxePage[], keep: (f: AxeFinding) => boolean = () => true): string {
  const lines: string[] = [];
  for (const p of pages)
    for (const f of p.findings.filter(keep))
      for (const n of f.nodes) lines.push(`${f.impact} ${f.rule} on ${p.url} at ${n.target}: ${f.help}. ${n.summary}`);
  return lines.join('\n');
}

export interface FocusRing {
  /** The element matches :focus-visible (the browser shows focus for it). */
  focusVisible: boolean;
  outline: string;
  outlineWidth: number;
  /** Contrast of the ring's colour against white (WCAG 1.4.11 asks 3:1 of a focus indicator). */
  contrastOnWhite: number;
}

/** Relative luminance of a CSS rgb()/rgba() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Focuses an element as the keyboard does (a Tab first, so the browser treats the focus as a
 * keyboard's) and reads the focus ring it draws. For antd's select, checkbox, radio and switch,
 * whose focused input is invisible, the ring is read on the control around it.
 */
export async function focusRing(page: Page, target: Locator): Promise<FocusRing> {
  await page.keyboard.press('Tab');
  await target.focus();
  const ring = await target.evaluate(async (el) => {
    const shown = el.closest('.ant-select, .ant-checkbox-wrapper, .ant-radio-wrapper') ?? el;
    // antd eases its controls into the focused look: read the ring once it is drawn.
    await Promise.all(shown.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const s = getComputedStyle(shown);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
      outlineWidth: s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth),
      color: s.outlineColor,
    };
  });
  const l = luminance(ring.color);
  return {
    focusVisible: ring.focusVisible,
    outline: ring.outline,
    outlineWidth: ring.outlineWidth,
    contrastOnWhite: Math.round((1.05 / (l + 0.05)) * 100) / 100,
  };
}
