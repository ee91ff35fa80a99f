// Says, at the end of a run, which tests needed their retry to pass (and which failed on every
// try). A test that passes only on its retry is a defect to fix, not a pass: CI prints the list so
// nobody has to read the whole log to find them, and writes it beside the run's results.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The terminal's colour codes (ESC [ … m) taken out of an error's first line. */
const ESC = String.fromCharCode(27);
const plain = (text: string) =>
  text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

const where = (test: TestCase) => `${path.basename(test.location.file)}:${test.location.line} › ${test.title}`;

export default class RetryReporter implements Reporter {
  private readonly retried = new Map<string, { test: TestCase; errors: string[] }>();
  private readonly outputDir: string;

  constructor(options: { outputDir?: string } = {}) {
    this.outputDir = options.outputDir ?? 'test-results';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A first try that did not pass, with a retry to come or already made.
    if (result.status !== 'passed' && result.status !== 'skipped' && test.retries > 0) {
      const seen = this.retried.get(test.id) ?? { test, errors: [] };
      const first = result.errors[0]?.message?.split('\n')[0] ?? result.status;
      seen.errors.push(`try ${result.retry + 1}: ${plain(first).slice(0, 200)}`);
      this.retried.set(test.id, seen);
    }
  }

  onEnd(_result: FullResult): void {
    const lines: string[] = [];
    for (const { test, errors } of this.retried.values()) {
      const outcome = test.outcome() === 'flaky' ? 'passed on its retry' : 'failed on every try';
      lines.push(`  ${where(test)} (${outcome})`, ...errors.map((e) => `      ${e}`));
    }
    const text = lines.length
      ? `Tests that needed a retry: ${this.retried.size} (each one is a defect to fix)\n${lines.join('\n')}\n`
      : 'No test needed a retry.\n';
    process.stdout.write(`\n${text}`);
    mkdirSync(this.outputDir, { recursive: true });
    writeFileSync(path.join(this.outputDir, 'retried.txt'), text);
  }

  printsToStdio(): boolean {
    return false;
  }
}
