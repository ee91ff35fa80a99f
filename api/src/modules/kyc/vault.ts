import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Identity numbers at rest (NDPA 2023): envelope encryption. Each value gets its own
 * random data key (AES-256-GCM); the data key is stored wrapped by the key-encryption key (from
 * KYC_DATA_KEY), whose id is stored beside it so a rotation can tell which key wrapped what.
 * A keyed hash finds the same number on another account without decrypting anything.
 */
export class IdentityVault {
  private readonly kek: Buffer;
  private readonly lookupKey: Buffer;
  readonly keyId: string;

  constructor(keyMaterial: string) {
    this.kek = Buffer.from(hkdfSync('sha256', keyMaterial, 'giftlane', 'kyc-key-encryption-key', 32));
    this.lookupKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'giftlane', 'kyc-lookup-hash', 32));
    this.keyId = createHash('sha256').update(this.kek).digest('hex').slice(0, 8);
  }

  private static gcm(key: Buffer, plain: Buffer, aad: string): Buffer {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    c.setAAD(Buffer.from(aad));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]);
  }

  private static ungcm(key: Buffer, raw: Buffer, aad: string): Buffer {
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAAD(Buffer.from(aad));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]);
  }

  /**
   * `v1.<key id>.<wrapped data key>.<sealed value>`; `context` (e.g. the user id) is bound in, so a value cannot be
   * moved to another row.
   */
  seal(value: string, context: string): string {
    const dek = randomBytes(32);
    const wrapped = IdentityVault.gcm(this.kek, dek, `dek:${context}`);
    const sealed = IdentityVault.gcm(dek, Buffer.from(value, 'utf8'), `value:${context}`);
    return `v1.${this.keyId}.${wrapped.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  open(stored: string, context: string): string {
    const [v, keyId, wrapped, sealed] = stored.split('.');
    if (v !== 'v1' || !wrapped || !sealed) throw new Error('not a sealed identity value');
    if (keyId !== this.keyId) throw new Error(`sealed with key ${keyId}, not the configured key ${this.keyId}`);
    const dek = IdentityVault.ungcm(this.kek, Buffer.from(wrapped, 'base64url'), `dek:${context}`);
    return IdentityVault.ungcm(dek, Buffer.from(sealed, 'base64url'), `value:${context}`).toString('utf8');
  }

  /** A keyed hash of an ID number: equal numbers, equal hashes; the number cannot be read back. */
  lookup(type: string, number: string): string {
    return createHmac('sha256', this.lookupKey).update(`${type}:${number}`).digest('hex');
  }

  /**
   * A keyed hash of a person as their ID's record names them: the name (its words in any order,
   * case and accents aside) and the date of birth. One person verified on two accounts with two ID
   * numbers (a BVN here, a NIN there) has the same one; neither can be read back.
   */
  personLookup(name: string, dateOfBirth: string): string {
    const words = name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .sort()
      .join(' ');
    return createHmac('sha256', this.lookupKey).update(`person:${words}:${dateOfBirth}`).digest('hex');
  }
}

/** An ID number as shown, from the last four characters kept in the clear: "•••••••2222" (the length hidden too). */
export const maskedId = (last4: string) => (last4 ? `•••••••${last4}` : '');

/**
 * A date of birth is sealed bound to its user and to its field: it cannot be moved to another user or read as another
 * value.
 */
export const dateOfBirthContext = (userId: number) => `user:${userId}:date_of_birth`;
