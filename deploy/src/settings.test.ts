import { DeploySettingsError, readDeploySettings } from './settings';

const problems = (env: Record<string, string>) => {
  try {
    readDeploySettings(env);
    return [];
  } catch (e) {
    if (e instanceof DeploySettingsError) return e.problems;
    throw e;
  }
};

test('nothing set: the laptop defaults', () => {
  expect(readDeploySettings({})).toMatchObject({
    PORT: 8080,
    HOST: '127.0.0.1',
    API_PORT: 3001,
    GL_ENV: 'local',
    SKIP_BUILD: false,
    BEHIND_TLS: false,
    SERVICE_WORKER: 'on',
    RELEASE_PUBLIC_URL: '/releases',
    EDGE_TRUSTED_PROXIES: [],
    EDGE_HEADERS_TIMEOUT_MS: 10_000,
    EDGE_REQUEST_TIMEOUT_MS: 30_000,
    EDGE_BODY_TIMEOUT_MS: 15_000,
    EDGE_MAX_CONNECTIONS: 4096,
    BODY_LIMIT: 65_536,
    AWS_REGION: 'auto',
  });
});

test('values are read as the README gives them; an empty value is unset', () => {
  const s = readDeploySettings({
    PORT: '9000',
    BEHIND_TLS: '1',
    SERVICE_WORKER: 'off',
    RELEASE_PUBLIC_URL: 'https://cdn.giftlane.ng/releases/',
    EDGE_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1',
    API_URL: '',
    GL_ENV: 'production',
  });
  expect(s).toMatchObject({
    PORT: 9000,
    BEHIND_TLS: true,
    SERVICE_WORKER: 'off',
    RELEASE_PUBLIC_URL: 'https://cdn.giftlane.ng/releases',
    EDGE_TRUSTED_PROXIES: ['10.0.0.0/8', '127.0.0.1'],
    GL_ENV: 'production',
  });
  expect(s.API_URL).toBeUndefined();
});

test('wrong values stop the process with every problem named (they were ignored or read two ways before)', () => {
  const found = problems({
    PORT: 'eighty',
    SERVICE_WORKER: 'maybe',
    BEHIND_TLS: 'yes',
    RELEASE_PUBLIC_URL: 'cdn.giftlane.ng',
    EDGE_BODY_TIMEOUT_MS: '5',
    API_URL: 'api:3001',
    GL_ENV: 'Prod Env',
    STORE_LINK_IOS: 'apps.apple.com/x',
  });
  expect(found.map((p) => p.split(':')[0]).sort()).toEqual([
    'API_URL',
    'BEHIND_TLS',
    'EDGE_BODY_TIMEOUT_MS',
    'GL_ENV',
    'PORT',
    'RELEASE_PUBLIC_URL',
    'SERVICE_WORKER',
    'STORE_LINK_IOS',
  ]);
  expect(found.find((p) => p.startsWith('RELEASE_PUBLIC_URL'))).toBe(
    'RELEASE_PUBLIC_URL: must be a path (/releases) or an http(s) URL',
  );
});

test('the edge metrics are off unless a port is set, on loopback by default, and never public by accident', () => {
  expect(readDeploySettings({}).EDGE_METRICS_PORT).toBeUndefined();
  expect(readDeploySettings({ EDGE_METRICS_PORT: '9464' })).toMatchObject({
    EDGE_METRICS_PORT: 9464,
    EDGE_METRICS_HOST: '127.0.0.1',
  });
  expect(problems({ PORT: '8080', EDGE_METRICS_PORT: '8080' })).toEqual([
    expect.stringMatching(/^EDGE_METRICS_PORT: must differ from PORT/),
  ]);
  expect(problems({ NODE_ENV: 'production', EDGE_METRICS_PORT: '9464', EDGE_METRICS_HOST: '0.0.0.0' })).toEqual([
    expect.stringMatching(/^EDGE_METRICS_HOST: 0\.0\.0\.0 listens on every interface/),
  ]);
  expect(
    problems({
      NODE_ENV: 'production',
      EDGE_METRICS_PORT: '9464',
      EDGE_METRICS_HOST: '0.0.0.0',
      EDGE_METRICS_TOKEN: 'x'.repeat(32),
    }),
  ).toEqual([]);
  expect(problems({ NODE_ENV: 'production', EDGE_METRICS_PORT: '9464', EDGE_METRICS_HOST: '10.0.3.7' })).toEqual([]);
  expect(problems({ EDGE_METRICS_TOKEN: 'short' })).toEqual([
    expect.stringMatching(/^EDGE_METRICS_TOKEN: at least 24/),
  ]);
});
