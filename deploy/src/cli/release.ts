// `npm run release -- <command>`: the release manager's tool. See RELEASING.md for the steps.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { APPS, appInfo } from '../apps';
import { PublishRefused } from '../release-store';
import { GateRefused, ReleaseError, ReleaseManager, type ChangeResult } from '../releases';
import { openStore } from '../store/open-store';
import type { EnvironmentFile, HistoryEntry } from '../types';
import { actor, commitId, releaseVersion, uncommittedChanges } from '../version';

const USAGE = `Usage: npm run release -- <command> …

  publish <app> [--no-build] [--dist <dir>] [--allow-dirty] [--as <version>]
      Build <app> and store it as an immutable version <package version>+<commit>.
  versions <app>                               Published versions of <app>, newest last.
  promote <app> <version> --env <env> [--force]
  rollback <app> [--to <version>] --env <env> [--force]
      Default: the version that was live before the current one was promoted.
  canary <app> <version> --percent <N> --env <env> [--force]
  canary <app> --drop --env <env>
  status [--env <env>] [--json]
  history <app> --env <env> [--json]

  promote, rollback and canary take --why "<reason>": it is kept in the history (the console asks every time).

Apps: ${APPS.map((a) => a.app).join(', ')}
The store is RELEASE_DIR (a directory) or RELEASE_S3_BUCKET (see RELEASING.md). RELEASE_USER names
you in the history (default: your git user).`;

class UsageError extends Error {}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
}

function describe(entry: HistoryEntry): string {
  const what =
    entry.action === 'canary'
      ? `canary ${entry.to} at ${entry.percent}%${entry.from ? ` (replaces canary ${entry.from})` : ''}`
      : entry.action === 'canary-drop'
        ? `dropped canary ${entry.from} (stays on ${entry.to})`
        : `${entry.action} ${entry.from ?? '(none)'} → ${entry.to}`;
  const forced = entry.forced ? `  FORCED past the gate: ${entry.forced.join('; ')}` : '';
  const why = entry.why ? `  why: ${entry.why}` : '';
  return `${entry.at}  ${entry.app.padEnd(15)} ${what}  by ${entry.by}${why}${forced}`;
}

function printChange(result: ChangeResult, env: string) {
  if (!result.entry) {
    console.log(result.note ?? 'nothing changed');
    return;
  }
  console.log(`${env} revision ${result.file.revision}: ${describe(result.entry)}`);
}

function printStatus(file: EnvironmentFile) {
  console.log(`${file.env}  (revision ${file.revision}, updated ${file.updated_at || 'never'})`);
  for (const info of APPS) {
    const slot = file.apps[info.app];
    const canary = slot?.canary
      ? `   canary ${slot.canary.version} for ${slot.canary.percent}% of devices since ${slot.canary.since}`
      : '';
    console.log(`  ${info.app.padEnd(15)} ${slot?.version ?? '-'}${canary}`);
  }
}

function build(app: string) {
  const info = appInfo(app);
  console.log(`building ${info.app}…`);
  const res = spawnSync('npx', ['rspack', 'build'], {
    cwd: info.dir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new ReleaseError(`the build of ${info.app} failed`);
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      to: { type: 'string' },
      percent: { type: 'string' },
      drop: { type: 'boolean' },
      force: { type: 'boolean' },
      why: { type: 'string' },
      json: { type: 'boolean' },
      dist: { type: 'string' },
      as: { type: 'string' },
      'no-build': { type: 'boolean' },
      'allow-dirty': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  const store = openStore();
  const by = actor();
  const manager = new ReleaseManager(store, by, values.why?.trim() || undefined);
  const env = () => need(values.env, '--env <environment>');

  switch (command) {
    case 'publish': {
      const info = appInfo(need(args[0], '<app>'));
      let version = values.as;
      let commit: string | undefined;
      let dirty = false;
      if (!version) {
        commit = commitId();
        if (!commit)
          throw new ReleaseError('not a git checkout: a release version needs a commit (or name one with --as)');
        const changes = uncommittedChanges(info);
        if (changes.length && !values['allow-dirty']) {
          throw new ReleaseError(
            `${info.app} has uncommitted changes, so its build would not be commit ` +
              `${commit}:\n${changes.map((c) => `  ${c}`).join('\n')}\nCommit them first (or --allow-dirty for a ` +
              `version marked .dirty).`,
          );
        }
        dirty = changes.length > 0;
        version = releaseVersion(
          info,
          commit,
          dirty ? new Date().toISOString().replace(/\D/g, '').slice(0, 14) : undefined,
        );
      }
      // Refuse before spending minutes on a build.
      if (await store.release(info.app, version)) {
        throw new PublishRefused(
          `${info.app} ${version} is already published: versions are immutable. A new commit is a new version.`,
        );
      }
      if (!values.dist && !values['no-build']) build(info.app);
      const res = await store.publish(info.app, { version, distDir: values.dist, commit, dirty, by });
      console.log(`published ${info.app} ${res.version} to ${store.blobs.location}`);
      console.log(
        `next: npm run release -- promote ${info.app} ${res.version} --env <env>   (or canary … --percent N)`,
      );
      return;
    }
    case 'versions': {
      const app = appInfo(need(args[0], '<app>')).app;
      const list = await store.versions(app);
      if (values.json) console.log(JSON.stringify(list, null, 2));
      else
        for (const r of list)
          console.log(
            `${r.version.padEnd(40)} ${r.published_at}  by ${r.published_by ?? '?'}${r.dirty ? '  (dirty)' : ''}`,
          );
      return;
    }
    case 'promote':
      printChange(
        await manager.promote(need(args[0], '<app>'), need(args[1], '<version>'), env(), { force: values.force }),
        env(),
      );
      return;
    case 'rollback':
      printChange(await manager.rollback(need(args[0], '<app>'), env(), { to: values.to, force: values.force }), env());
      return;
    case 'canary': {
      const app = need(args[0], '<app>');
      if (values.drop) {
        printChange(await manager.dropCanary(app, env()), env());
        return;
      }
      const percent = Number(need(values.percent, '--percent <N>'));
      printChange(
        await manager.canary(app, need(args[1], '<version>'), percent, env(), { force: values.force }),
        env(),
      );
      return;
    }
    case 'status': {
      const envs = values.env ? [values.env] : await store.environments();
      const files = (await Promise.all(envs.map((e) => store.readEnvironment(e)))).filter((f): f is EnvironmentFile =>
        Boolean(f),
      );
      if (values.env && !files.length)
        throw new ReleaseError(`no environment "${values.env}" in ${store.blobs.location}`);
      if (values.json)
        console.log(
          JSON.stringify(
            files.map(({ history: _h, ...rest }) => rest),
            null,
            2,
          ),
        );
      else if (!files.length) console.log(`no environments yet in ${store.blobs.location}`);
      else files.forEach(printStatus);
      return;
    }
    case 'history': {
      const app = appInfo(need(args[0], '<app>')).app;
      const file = await store.readEnvironment(env());
      const entries = (file?.history ?? []).filter((h) => h.app === app);
      if (values.json) console.log(JSON.stringify(entries, null, 2));
      else if (!entries.length) console.log(`no history for ${app} in ${env()}`);
      else entries.forEach((h) => console.log(describe(h)));
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof GateRefused || error instanceof ReleaseError || error instanceof PublishRefused) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
