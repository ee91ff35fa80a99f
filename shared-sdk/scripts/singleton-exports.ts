/**
 * What a remote can call on the shared-sdk singleton: the runtime exports of the entry points shared
 * between builds (the package and `/router`, see tools/rspack/app-config.mjs). A remote runs with the
 * live shell's copy, so these belong to a version: `exports.json` records them with it, and a test
 * fails when they change without a version bump (RELEASING.md, "When shared-sdk changes").
 * `npm run record-exports -w shared-sdk` (scripts/record-exports.ts) writes exports.json after the bump.
 */
export type SingletonExports = Record<'.' | './router', string[]>;

const names = (mod: object) => Object.keys(mod).filter((k) => k !== 'default' && k !== '__esModule').sort();

export function singletonExports(sdk: object, router: object): SingletonExports {
  return { '.': names(sdk), './router': names(router) };
}

/** What changed between the recorded exports and the current ones, one line each. */
export function exportChanges(recorded: SingletonExports, current: SingletonExports): string[] {
  const out: string[] = [];
  for (const entry of ['.', './router'] as const) {
    const was = new Set(recorded[entry] ?? []);
    const now = new Set(current[entry]);
    for (const n of now) if (!was.has(n)) out.push(`added ${entry === '.' ? '' : `${entry.slice(2)}:`}${n}`);
    for (const n of was) if (!now.has(n)) out.push(`removed ${entry === '.' ? '' : `${entry.slice(2)}:`}${n}`);
  }
  return out;
}
