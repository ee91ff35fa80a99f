import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every
 * authenticator app computes them, and the operators' recovery codes. Secrets are kept sealed
 * (AES-256-GCM under a key derived from SECRET_KEY), never in clear in the database.
 */
export const TOTP = { digits: 6, stepSeconds: 30, window: 1 } as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP.stepSeconds);

/** The code for one time step (RFC 4226 dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP.digits;
  return String(n).padStart(TOTP.digits, '0');
}

/**
 * The step a code belongs to, within one step either side of now (clocks drift), if it is later
 * than the last step used (so each code works once), else null.
 */
export function verifyTotp(secret: string, code: string, nowMs: number, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  for (let s = now - TOTP.window; s <= now + TOTP.window; s++) {
    if (s <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(totpCode(secret, s)), Buffer.from(code))) return s;
  }
  return null;
}

/** The otpauth:// link an authenticator app reads from the enrolment QR code. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return (
    `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=` +
    `${TOTP.digits}&period=${TOTP.stepSeconds}`
  );
}

const sealKey = (secretKey: string) => Buffer.from(hkdfSync('sha256', secretKey, 'giftlane', 'staff-totp-secret', 32));

export function sealSecret(secretKey: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(secretKey), iv);
  const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
}

export function openSecret(secretKey: string, sealed: string): string {
  const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64url');
  const d = createDecipheriv('aes-256-gcm', sealKey(secretKey), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

/** Ten one-time recovery codes, `xxxxx-xxxxx` (50 bits each), shown once at enrolment. */
export function newRecoveryCodes(n = 10): string[] {
  return Array.from({ length: n }, () => {
    const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** How a recovery code is stored: an HMAC under SECRET_KEY, so a leaked table gives nothing to try. */
export const recoveryHash = (secretKey: string, code: string) =>
  createHmac('sha256', secretKey)
    .update(`staff-recovery\n${code.toLowerCase().replace(/[\s-]/g, '')}`)
    .digest('hex');
