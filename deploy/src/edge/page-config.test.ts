import { readDeploySettings } from '../settings';
import { pageConfigOf } from './server';

const pageConfigFromEnv = (env: Record<string, string | undefined>) => pageConfigOf(readDeploySettings(env));

describe('the browser settings the edge puts in the HTML', () => {
  it('takes only public values, and only those that are set', () => {
    const config = pageConfigFromEnv({
      PRODUCT_NAME: 'GiftLane',
      GOOGLE_CLIENT_IDS: 'web-id.apps.googleusercontent.com,ios-id',
      FACEBOOK_APP_ID: '1234',
      FACEBOOK_APP_SECRET: 'never-sent',
      STORE_LINK_IOS: 'https://apps.apple.com/app/id1',
      SMTP_URL: 'smtp://user:pass@mail',
    });
    expect(config).toEqual({
      productName: 'GiftLane',
      social: { googleClientId: 'web-id.apps.googleusercontent.com', facebookAppId: '1234' },
      storeLinks: { ios: 'https://apps.apple.com/app/id1' },
    });
    expect(JSON.stringify(config)).not.toContain('never-sent');
    expect(JSON.stringify(config)).not.toContain('pass');
  });

  it('carries the telemetry sample as a share when it is set', () => {
    expect(pageConfigFromEnv({ TELEMETRY_SAMPLE_PERCENT: '25' })).toEqual({ telemetry: { sample: 0.25 } });
    expect(pageConfigFromEnv({ TELEMETRY_SAMPLE_PERCENT: '0' })).toEqual({ telemetry: { sample: 0 } });
    expect(() => pageConfigFromEnv({ TELEMETRY_SAMPLE_PERCENT: '150' })).toThrow(/TELEMETRY_SAMPLE_PERCENT/);
  });

  it('is empty with nothing configured', () => {
    expect(pageConfigFromEnv({})).toEqual({});
  });
});
