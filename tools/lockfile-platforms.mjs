// Restores the lock-file entries of native packages built for other platforms.
//
// The registry mirror some machines use answers 404 for a native package of a platform other than
// its own (e.g. @rspack/binding-darwin-arm64), so `npm install` there drops those optional
// dependencies from package-lock.json, and `npm ci` on any machine then refuses the lock as out of
// sync. This adds an entry for every optional dependency the lock names but lacks, with the `os`,
// `cpu` and `libc` read from the package name, so that npm skips it on a platform it does not fit.
// Run it after `npm install` has changed the lock: `node tools/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/** The platform fields of a native package, read from its name; undefined when the name has none. */
export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  if (parts.includes('wasm32')) return { cpu: ['wasm32'] };
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const tail = parts.slice(parts.indexOf(cpu) + 1).join('-');
  const fields = { os: [os], cpu: [cpu] };
  if (os === 'linux' && /musl/.test(tail)) fields.libc = ['musl'];
  else if (os === 'linux' && /gnu/.test(tail)) fields.libc = ['glibc'];
  return fields;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: added ${added} entr${added === 1 ? 'y' : 'ies'}`);
