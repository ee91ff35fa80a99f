import { APP_KEY } from '../config';
import { computeSign, normalizeFields, signString, verifySign } from '../sign';

// The vectors of README.md, worked out by hand with `printf '%s' '<string>' | md5sum`.
describe('sign (CONTRACT §0)', () => {
  it('vector 1: login, empty token, keys sorted by code point', () => {
    const fields = {
      username: 'ada@example.com',
      password: 'Secret123!',
      appid: 'gl_web',
      app_version: '2.3.1',
      token: '',
    };
    expect(signString(fields, APP_KEY)).toBe(
      'app_version=2.3.1&appid=gl_web&password=Secret123!&token=&username=ada@example.' +
        'com8f3c2a1d9b7e4f6a0c5d2e8b1a7f3c9d',
    );
    expect(computeSign(fields, APP_KEY)).toBe('a5f594c332e521b0215717168c0312ac');
  });

  it('vector 2: an array is comma-joined, undefined omitted, raw unencoded values', () => {
    const fields = {
      images: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'],
      user_memo: 'code 1234',
      wallet_type: 1,
      coupon_code: '',
      channel_type: '1',
      card_id: undefined,
      appid: 'gl_web',
      app_version: '2.3.1',
      token: 'tok123',
    };
    expect(computeSign(fields, APP_KEY)).toBe('86f69bc07afd1eae362f6649668df6b3');
    expect(normalizeFields(fields)).not.toHaveProperty('card_id');
    expect(normalizeFields(fields).images).toBe('https://cdn.example.com/a.jpg,https://cdn.example.com/b.jpg');
  });

  it('vector 3: non-ASCII values are hashed as UTF-8', () => {
    const fields = { nickname: 'Adé ₦', appid: 'gl_web', app_version: '2.3.1', token: 'tok123' };
    expect(computeSign(fields, APP_KEY)).toBe('9374646d6b5daa5e7a2a7203ac1d70f7');
  });

  it('leaves out an existing sign field and does not depend on insertion order', () => {
    const a = { b: '2', a: '1', sign: 'whatever' };
    const b = { a: '1', b: '2' };
    expect(signString(a, 'K')).toBe('a=1&b=2K');
    expect(computeSign(a, 'K')).toBe(computeSign(b, 'K'));
  });

  it('sorts uppercase before lowercase (code points, not locale)', () => {
    expect(signString({ b: '1', B: '2', a: '3' }, '')).toBe('B=2&a=3&b=1');
  });

  it('verifies a good sign and refuses a tampered one', () => {
    const fields: Record<string, string> = { username: 'x', appid: 'gl_web', app_version: '2.3.1', token: '' };
    const sign = computeSign(fields, APP_KEY);
    expect(verifySign({ ...fields, sign }, APP_KEY)).toBe(true);
    expect(verifySign({ ...fields, sign: sign.toUpperCase() }, APP_KEY)).toBe(true);
    expect(verifySign({ ...fields, username: 'y', sign }, APP_KEY)).toBe(false);
    expect(verifySign(fields, APP_KEY)).toBe(false);
  });
});
