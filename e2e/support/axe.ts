// axe-core in a page of the suites: the WCAG 2.1 A and AA rules, run over what the page shows now.
// `axeCheck` returns what it found grouped by impact; `axeSummary` prints a finding the way a person
// fixing it needs it (rule, page, the elements). Other specs reuse both.
import type { Page } from '@playwright/test';
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
