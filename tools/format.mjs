// `npm run format`: Biome, then the cuts Biome cannot make (tools/wrap-long-lines.mjs), then Biome
// again to lay the cut lines out, until a round changes nothing. Prints what is left over the width.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { check } from './line-width.mjs';
import { sourceFiles } from './source-files.mjs';
import { wrapSource } from './wrap-long-lines.mjs';

const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

const started = performance.now();
for (let round = 1; round <= 8; round++) {
  execFileSync(process.execPath, [biome, 'format', '--write', '--no-errors-on-unmatched', '.'], { stdio: 'ignore' });
  let changed = 0;
  for (const file of sourceFiles().filter((f) => SCRIPT.test(f))) {
    const text = readFileSync(file, 'utf8');
    const { text: out } = wrapSource(text, file);
    if (out === text) continue;
    writeFileSync(file, out);
    changed += 1;
  }
  if (changed === 0) break;
  console.log(`format: round ${round} cut long lines in ${changed} file(s)`);
}
const left = sourceFiles().flatMap((f) => check(f, readFileSync(f, 'utf8'), { tags: false }));
for (const line of left) console.log(`left over the width: ${line}`);
console.log(`format: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
