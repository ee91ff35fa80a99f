import { deviceBucket, inCanary, versionFor } from './canary';

const devices = Array.from({ length: 10_000 }, (_, i) => `device-${i}-${(i * 2654435761) % 1e9}`);

describe('canary split', () => {
  it('gives a device the same answer every time', () => {
    for (const d of devices.slice(0, 200)) {
      expect(deviceBucket('mfe-account', d)).toBe(deviceBucket('mfe-account', d));
      expect(inCanary('mfe-account', d, 30)).toBe(inCanary('mfe-account', d, 30));
    }
  });

  it.each([1, 10, 50, 90])('puts about %i%% of devices in the canary', (percent) => {
    const share = (devices.filter((d) => inCanary('mfe-account', d, percent)).length / devices.length) * 100;
    expect(Math.abs(share - percent)).toBeLessThan(2);
  });

  it('keeps devices in the canary when the percentage goes up', () => {
    for (const d of devices) if (inCanary('mfe-account', d, 10)) expect(inCanary('mfe-account', d, 50)).toBe(true);
  });

  it('never at 0 %, always at 100 %', () => {
    expect(devices.some((d) => inCanary('mfe-account', d, 0))).toBe(false);
    expect(devices.every((d) => inCanary('mfe-account', d, 100))).toBe(true);
  });

  it('splits each remote independently', () => {
    const both = devices.filter((d) => inCanary('mfe-account', d, 50) && inCanary('mfe-onboarding', d, 50)).length;
    expect(Math.abs(both / devices.length - 0.25)).toBeLessThan(0.02);
  });

  it('hands out the canary version only to devices in the canary, and the live one without a device id', () => {
    const slot = { version: '1', canary: { version: '2', percent: 50, since: '' } };
    for (const d of devices.slice(0, 500))
      expect(versionFor('mfe-account', slot, d)).toBe(inCanary('mfe-account', d, 50) ? '2' : '1');
    expect(versionFor('mfe-account', slot, undefined)).toBe('1');
    expect(versionFor('mfe-account', { version: '1' }, 'device-x')).toBe('1');
  });
});
