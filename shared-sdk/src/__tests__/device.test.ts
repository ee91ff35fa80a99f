import { createDeviceNo, deviceFields, getDeviceNo } from '../device';

describe('device number (SPEC §9)', () => {
  beforeEach(() => sessionStorage.clear());

  it('is a random device- identifier, different each time one is made', () => {
    const a = createDeviceNo();
    const b = createDeviceNo();
    expect(a).toMatch(/^device-\S{8,}$/);
    expect(b).toMatch(/^device-/);
    expect(a).not.toBe(b);
  });

  it('is made once per tab and sent with channel_type 3', () => {
    const first = getDeviceNo();
    expect(getDeviceNo()).toBe(first);
    expect(deviceFields()).toEqual({ device_no: first, device_type: 'web', os_type: 'web', channel_type: '3' });
  });
});
