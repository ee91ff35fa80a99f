import {
  base32Decode,
  base32Encode,
  newRecoveryCodes,
  openSecret,
  otpauthUrl,
  sealSecret,
  totpCode,
  totpStep,
  verifyTotp,
} from '../modules/ops/totp.js';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", 8-digit codes; our 6 digits are their last 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  test.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  test('base32 round-trips and reads the usual spellings', () => {
    const b = Buffer.from('any bytes at all!');
    expect(base32Decode(base32Encode(b))).toEqual(b);
    expect(
      base32Decode(
        base32Encode(b)
          .toLowerCase()
          .replace(/(.{4})/g, '$1 '),
      ),
    ).toEqual(b);
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  test('a code is accepted one step either side of now, once, and never a later-used step', () => {
    const now = 1_800_000_000_000;
    const s = totpStep(now);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, s), now, 0)).toBe(s);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, s - 1), now, 0)).toBe(s - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, s + 1), now, 0)).toBe(s + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, s - 2), now, 0)).toBeNull();
    // Used once: the same step (or an earlier one) is refused.
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, s), now, s)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '12345', now, 0)).toBeNull();
    expect(verifyTotp(RFC_SECRET, 'abcdef', now, 0)).toBeNull();
  });

  test('secrets are sealed: another key cannot open them, a changed byte is refused', () => {
    const sealed = sealSecret('k'.repeat(40), RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(openSecret('k'.repeat(40), sealed)).toBe(RFC_SECRET);
    expect(() => openSecret('j'.repeat(40), sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => openSecret('k'.repeat(40), flipped)).toThrow();
  });

  test('the enrolment link and recovery codes', () => {
    expect(otpauthUrl('GiftLane Ops', 'ada@giftlane.ng', RFC_SECRET)).toBe(
      `otpauth://totp/GiftLane%20Ops%3Aada%40giftlane.ng?secret=${RFC_SECRET}&issuer=GiftLane%20Ops&algorithm=SHA1&` +
        `digits=6&period=30`,
    );
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });
});
