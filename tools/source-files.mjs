// The files the formatting tools look at: what git tracks or would track, by kind.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The line width of the formatter (biome.json) and of the width check. */
export const WIDTH = 120;

/** Written by tools, not by hand (each by its own command), so their layout is theirs. */
export const GENERATED = ['package-lock.json', 'shared-sdk/exports.json'];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|json)$/;

/** The width of a line as an editor shows it: one column per character. */
export function width(line) {
  let n = 0;
  for (const _ of line) n += 1;
  return n;
}

/** Tracked and untracked-but-not-ignored source files, relative to the current directory. */
export function sourceFiles() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))]
    .filter((f) => f && SOURCE.test(f) && !GENERATED.includes(f) && existsSync(f))
    .sort();
}
