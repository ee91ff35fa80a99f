// A remote runs with the live shell's shared-sdk. If what the SDK exports changes while its version
// stays the same, the gate cannot tell an old shell from a new one and a remote may call what the
// live SDK lacks. So a change of exports must come with a version bump (RELEASING.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as sdk from '../index';
import * as router from '../router';
import { createApiModules } from '../gc/client';
import { exportChanges, singletonExports, type SingletonExports } from '../../scripts/singleton-exports';

/** The API client's methods, on a transport that is never called. */
const api = () => createApiModules({ transport: {} as never, local: () => 'NGN', device: () => ({}) as never });

const root = path.join(__dirname, '..', '..');
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

test('the exports a remote can call are the ones recorded for this version', () => {
  const { version } = read<{ version: string }>('package.json');
  const recorded = read<{ version: string; exports: SingletonExports }>('exports.json');
  const changes = exportChanges(recorded.exports, singletonExports(sdk, router, api()));
  if (recorded.version === version && changes.length) {
    throw new Error(
      `shared-sdk ${version} exports changed (${changes.join(', ')}) without a version bump. Raise its version in ` +
        `shared-sdk/package.json ` +
        'and in every app (RELEASING.md, "When shared-sdk changes"), then run `npm run record-exports -w shared-sdk`.',
    );
  }
  if (recorded.version !== version) {
    throw new Error(
      `shared-sdk is ${version} but exports.json records ${recorded.version}: run \`npm run record-exports -w ` +
        `shared-sdk\`.`,
    );
  }
});

test('the comparison names what was added and removed, per entry point and API method', () => {
  expect(
    exportChanges(
      { '.': ['a', 'b'], './router': ['Link'], api: ['user.applogin'] },
      { '.': ['a', 'c'], './router': ['Link', 'useNavigate'], api: ['kyc.status', 'user.applogin'] },
    ),
  ).toEqual(['added c', 'removed b', 'added router:useNavigate', 'added api:kyc.status']);
});

test('every API method is recorded, so a remote calling a new one needs a shell with it', () => {
  const methods = singletonExports(sdk, router, api()).api;
  expect(methods).toEqual(expect.arrayContaining(['user.applogin', 'withdraw.apply', 'kyc.status', 'request']));
  expect(methods.length).toBeGreaterThan(80);
});
