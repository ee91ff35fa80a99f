/**
 * What a remote can call on the shared-sdk singleton: the runtime exports of the entry points shared
 * between builds (the package and `/router`, see tools/rspack/app-config.mjs), and every method of
 * its API client (`api.<group>.<method>`). A remote runs with the
 * live shell's copy, so these belong to a version: `exports.json` records them with it, and a test
 * fails when they change without a version bump (RELEASING.md, "When shared-sdk changes").
 * `npm run record-exports -w shared-sdk` (scripts/record-exports.ts) writes exports.json after the bump.
 */
export type SingletonExports = Record<'.' | './router' | 'api', string[]>;

const names = (mod: object) =>
  Object.keys(mod)
    .filter((k) => k !== 'default' && k !== '__esModule')
    .sort();

/**
 * `group.method` of every call of the API client (`getSdk().api.kyc.status`): a remote that starts
 * calling a new method needs a shell whose SDK has it, so the methods belong to the version too.
 * `modules` is what `createApiModules` returns (built on a transport that is never called).
 */
export function apiMethods(modules: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [group, value] of Object.entries(modules)) {
    if (typeof value === 'function') out.push(group);
    else if (value && typeof value === 'object')
      for (const [method, fn] of Object.entries(value)) if (typeof fn === 'function') out.push(`${group}.${method}`);
  }
  return out.sort();
}

export function singletonExports(sdk: object, router: object, api: Record<string, unknown>): SingletonExports {
  return { '.': names(sdk), './router': names(router), api: apiMethods(api) };
}

/** What changed between the recorded exports and the current ones, one line each. */
export function exportChanges(recorded: SingletonExports, current: SingletonExports): string[] {
  const out: string[] = [];
  const prefix = (entry: keyof SingletonExports) => (entry === '.' ? '' : `${entry.replace(/^\.\//, '')}:`);
  for (const entry of ['.', './router', 'api'] as const) {
    const was = new Set(recorded[entry] ?? []);
    const now = new Set(current[entry]);
    for (const n of now) if (!was.has(n)) out.push(`added ${prefix(entry)}${n}`);
    for (const n of was) if (!now.has(n)) out.push(`removed ${prefix(entry)}${n}`);
  }
  return out;
}
