import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane (the library's default algorithm is argon2id). */
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, PARAMS);

// A real hash to verify against when the account does not exist, so both cases take as long.
let dummy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('giftlane-timing-equaliser', PARAMS);
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
