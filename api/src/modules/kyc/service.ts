import type { Queryable, Db } from '../../db/db.js';
import { AppError } from '../../lib/envelope.js';
import { moneyText, parseAmount } from '../../lib/money.js';
import { notify } from '../notices/service.js';
import { perCountryJson, type RefTables, type Reference } from '../../shared/reference.js';
import type { UploadStore } from '../uploads/store.js';
import { sellerZone } from '../../shared/seller-time.js';
import { dateTimeFormat } from '@giftlane/shared-sdk/date-format';
import { namesMatch } from './names.js';
import type { IdentityProvider } from './provider.js';
import {
  ID_FORMATS,
  ID_LABELS,
  normaliseIdNumber,
  type CountryTiers,
  type IdType,
  type Tier,
  type Tiers,
} from './tiers.js';
import { kycRepo as repo } from './repo.js';
import { dateOfBirthContext, maskedId, type IdentityVault } from './vault.js';

/** Failed look-ups a user may make in 24 hours: each costs a provider call, and guessing numbers must not pay. */
export const KYC_ATTEMPTS_PER_DAY = 5;

const SETTINGS = 'Settings → Verification';

export const KYC_MESSAGES = {
  unavailable:
    'The verification service is not answering right now. Nothing was saved; please try again in a few minutes.',
  notOffered: 'Identity verification is not offered in your country yet',
  idType: (allowed: IdType[]) => `Choose ${allowed.map((t) => ID_LABELS[t]).join(' or ')}`,
  already: 'Your identity is already verified at this level',
  inFlight: 'Your verification is being checked; wait for its answer before trying again',
  needLevel: (n: number) => `Verify level ${n} first`,
  attempts: `Too many attempts today. Please try again tomorrow, or contact support`,
  notFound: (t: IdType) => `We could not find this ${ID_LABELS[t]}. Check the number and try again`,
  mismatch: (t: IdType) =>
    `The name or date of birth you entered does not match your ${ID_LABELS[t]} record. Enter them exactly as on ` +
    `your ${ID_LABELS[t]}`,
  taken: (t: IdType) =>
    `This ${ID_LABELS[t]} is already verified on another GiftLane account. Contact support if it is yours`,
  selfieMismatch:
    'Your selfie does not match the photo on your ID record. Take it again facing the camera in good light, without ' +
    'glasses or a cap',
  photo: 'Upload the photo first (JPG, PNG or WebP)',
  pending: 'Your documents are being checked. We will tell you when it is done',
  dob: 'Enter your date of birth as YYYY-MM-DD',
  dobImpossible: (d: string) =>
    `${d} is not a date in the calendar. Enter your date of birth as on your ID, as YYYY-MM-DD`,
  dobFuture: 'Your date of birth cannot be after today. Enter it as on your ID, as YYYY-MM-DD',
  address: 'Enter your home address (at least 10 characters)',
  reviewNotFound: 'Verification request not found',
  reviewDone: 'This request has already been decided',
  reasonRequired: 'Give the seller a reason for the refusal',
} as const;

export const WITHDRAW_KYC_MESSAGES = {
  unverified: (t: CountryTiers) =>
    `Verify your identity to withdraw: add your ${t.idTypes.map((x) => ID_LABELS[x]).join(' or ')} in ${SETTINGS}. ` +
    `It takes a minute.`,
  single: (level: number, max: string, next?: { level: number; single: string }) =>
    `At level ${level} one withdrawal can be at most ${max}.${
      next ? ` Verify to level ${next.level} in ${SETTINGS} ` + `to withdraw up to ${next.single} at once.` : ''
    }`,
  daily: (level: number, remaining: string, daily: string, next?: { level: number; daily: string }) =>
    `You can withdraw ${remaining} more today (your daily limit at level ${level} is ${daily}).${
      next ? ` Verify to ` + `level ${next.level} in ${SETTINGS} to withdraw up to ${next.daily} a day.` : ''
    }`,
  payoutName: (accountName: string, verified: string) =>
    `This payout account is in the name ${accountName}, which does not match your verified name ${verified}. ` +
    `Withdraw to an account in your own name`,
  addName: (accountName: string, verified: string) =>
    `The account name ${accountName} does not match your verified name ${verified}. Add an account in your own name`,
} as const;

export interface KycUser {
  id: number;
  countryCode: string;
  level: number;
  name: string;
}

export interface LevelLimits {
  level: number;
  singleMinor: bigint;
  dailyMinor: bigint;
  balanceMinor: bigint | null;
}

/** Today's date (YYYY-MM-DD) in a time zone. */
const todayIn = (zone: string, now = new Date()) =>
  dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * Why a date of birth the seller typed cannot be one, or null: not YYYY-MM-DD, not a day of the
 * calendar (2031-02-30, 1990-02-29), before 1900, or after today in the seller's time zone.
 */
export function dateOfBirthProblem(value: string, zone: string, now = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return KYC_MESSAGES.dob;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d)
    return KYC_MESSAGES.dobImpossible(value);
  if (value > todayIn(zone, now)) return KYC_MESSAGES.dobFuture;
  return null;
}

/** A check's date of birth, opened for its own seller or for staff ('' when none was kept). */
export const openDateOfBirth = (vault: IdentityVault, c: { user_id: number; date_of_birth_sealed: string }) =>
  c.date_of_birth_sealed ? vault.open(c.date_of_birth_sealed, dateOfBirthContext(c.user_id)) : '';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
const fullName = (p: { firstName: string; middleName: string; lastName: string }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

/**
 * The pieces identity verification keeps for the life of the process, built once in `src/app.ts`
 * and decorated onto the app as `app.kyc`: reference data, the countries' tiers, the vault that
 * seals ID numbers, the identity provider's client and the upload store (photos).
 */
export interface KycDeps {
  ref: Reference;
  tiers: Tiers;
  vault: IdentityVault;
  provider: IdentityProvider;
  store?: UploadStore;
}

// The provider is called outside any transaction; what it answers is written in one transaction
// (nothing half-written when it does not answer). Limits are checked by the withdrawal inside its
// own transaction, after it has locked the wallet, so parallel withdrawals see each other.

export async function kycUser(q: Queryable, deps: Pick<KycDeps, 'ref'>, userId: number): Promise<KycUser> {
  return kycUserOf(deps, await repo.user(q, userId));
}

type KycUserRow = { id: number; country_id: number; kyc_level: number; kyc_name: string };

/** kycUser over a users row read already (the money standing's one read). */
export async function kycUserOf(deps: Pick<KycDeps, 'ref'>, u: KycUserRow | undefined): Promise<KycUser> {
  return kycUserIn(await deps.ref.tables(), u);
}

/** kycUserOf with the reference tables in hand. */
export function kycUserIn(tables: RefTables, u: KycUserRow | undefined): KycUser {
  if (!u) throw new AppError('User not found');
  const country = tables.country(u.country_id);
  return { id: u.id, countryCode: country.short_name, level: u.kyc_level, name: u.kyc_name };
}

/** Limits made from a set of tiers and reference tables, kept with them: a money read asks for the same ones often. */
const madeLimits = new WeakMap<Tiers, WeakMap<RefTables, Map<string, LevelLimits | undefined>>>();

/**
 * A level's limits in one currency (minor units); level 0 withdraws nothing. Undefined: no tiers for this country or
 * currency (not gated).
 */
export function levelLimits(
  tables: RefTables,
  tiers: Tiers,
  input: { countryCode: string; level: number; currency: string },
): LevelLimits | undefined {
  const { countryCode, level, currency } = input;
  let byTables = madeLimits.get(tiers);
  if (!byTables) madeLimits.set(tiers, (byTables = new WeakMap()));
  let made = byTables.get(tables);
  if (!made) byTables.set(tables, (made = new Map()));
  const key = `${countryCode}|${level}|${currency}`;
  if (made.has(key)) return made.get(key);
  const value = makeLevelLimits(tables, tiers, input);
  made.set(key, value);
  return value;
}

function makeLevelLimits(
  tables: RefTables,
  tiers: Tiers,
  input: { countryCode: string; level: number; currency: string },
): LevelLimits | undefined {
  const { countryCode, level, currency } = input;
  const t = tiers[countryCode];
  if (!t) return undefined;
  if (level <= 0) return { level: 0, singleMinor: 0n, dailyMinor: 0n, balanceMinor: 0n };
  const l = t.levels[Math.min(level, 3) - 1]?.limits[currency];
  if (!l) return undefined;
  const cur = tables.currency(currency);
  const minor = (s: string) => {
    const p = parseAmount(s, cur.decimals);
    return p.ok ? p.minor : 0n;
  };
  return {
    level,
    singleMinor: minor(l.single),
    dailyMinor: minor(l.daily),
    balanceMinor: l.balance === null ? null : minor(l.balance),
  };
}

/**
 * What has left the wallet "today" (the seller's day): today's withdrawals, and older ones still held (not yet paid or
 * failed).
 */
export function usedToday(
  q: Queryable,
  input: { userId: number; countryCode: string; currency: string },
): Promise<bigint> {
  return repo.withdrawnToday(q, input.userId, input.currency, sellerZone(input.countryCode).zone);
}

/** Today's position for one wallet currency: the level's limits and what is left of the day's. */
export async function kycToday(
  q: Queryable,
  deps: Pick<KycDeps, 'ref' | 'tiers'>,
  input: {
    user: KycUser;
    currency: string;
    /** What usedToday says for this user and currency, when it was read already (the money standing's one read). */
    used?: bigint;
    /** The reference tables, when the caller has them already. */
    tables?: RefTables;
  },
) {
  const { user: u, currency } = input;
  const tables = input.tables ?? (await deps.ref.tables());
  const limits = levelLimits(tables, deps.tiers, { countryCode: u.countryCode, level: u.level, currency });
  if (!limits) return undefined;
  const used = input.used ?? (await usedToday(q, { userId: u.id, countryCode: u.countryCode, currency }));
  const remaining = limits.dailyMinor > used ? limits.dailyMinor - used : 0n;
  const next =
    u.level < 3
      ? levelLimits(tables, deps.tiers, { countryCode: u.countryCode, level: u.level + 1, currency })
      : undefined;
  return { limits, used, remaining, next };
}

/**
 * The withdrawal's own check, in its transaction after the wallet row is locked: a level, within
 * one withdrawal's and the day's limit, to an account in the verified name (bank and mobile money).
 */
export async function checkWithdrawal(
  q: Queryable,
  deps: Pick<KycDeps, 'ref' | 'tiers'>,
  input: {
    userId: number;
    currency: { code: string; symbol: string; decimals: number };
    amountMinor: bigint;
    payout: { method: string; account_name: string };
  },
): Promise<void> {
  const { currency, amountMinor, payout } = input;
  const u = await kycUser(q, deps, input.userId);
  const t = deps.tiers[u.countryCode];
  if (!t) return;
  if (u.level < 1) throw new AppError(WITHDRAW_KYC_MESSAGES.unverified(t));
  const day = await kycToday(q, deps, { user: u, currency: currency.code });
  if (!day) return;
  const money = (m: bigint) => moneyText(m, currency);
  if (amountMinor > day.limits.singleMinor) {
    throw new AppError(
      WITHDRAW_KYC_MESSAGES.single(
        u.level,
        money(day.limits.singleMinor),
        day.next ? { level: day.next.level, single: money(day.next.singleMinor) } : undefined,
      ),
    );
  }
  if (amountMinor > day.remaining) {
    throw new AppError(
      WITHDRAW_KYC_MESSAGES.daily(
        u.level,
        money(day.remaining),
        money(day.limits.dailyMinor),
        day.next ? { level: day.next.level, daily: money(day.next.dailyMinor) } : undefined,
      ),
    );
  }
  if (payout.method !== 'USDT' && u.name && !namesMatch(payout.account_name, u.name))
    throw new AppError(WITHDRAW_KYC_MESSAGES.payoutName(payout.account_name, u.name));
}

/** A new payout account after verification must be in the verified name (bank and mobile money). */
export async function checkNewPayoutName(
  q: Queryable,
  deps: Pick<KycDeps, 'ref'>,
  input: { userId: number; method: string; accountName: string },
): Promise<void> {
  const { method, accountName } = input;
  if (method === 'USDT') return;
  const u = await kycUser(q, deps, input.userId);
  if (u.level >= 1 && u.name && !namesMatch(accountName, u.name))
    throw new AppError(WITHDRAW_KYC_MESSAGES.addName(accountName, u.name));
}

/** A refused check is kept (with its reason, for the seller) and said. */
async function fail(db: Db, input: { userId: number; level: number; reason: string; selfie?: string }): Promise<never> {
  await repo.insertFailed(db, input);
  throw new AppError(input.reason);
}

/**
 * Level 1: the ID number looked up at the provider; the name and date of birth the seller gave
 * must be the record's (the record itself is never shown: a number alone must not reveal a name).
 * The record's name becomes the account's verified name.
 */
export async function verifyId(
  db: Db,
  deps: KycDeps,
  input: { userId: number; idType: string; idNumber: string; firstName: string; lastName: string; dateOfBirth: string },
): Promise<{ level: number; name: string }> {
  const { userId } = input;
  const { vault } = deps;
  const u = await kycUser(db, deps, userId);
  const t = deps.tiers[u.countryCode];
  if (!t) throw new AppError(KYC_MESSAGES.notOffered);
  const type = input.idType as IdType;
  if (!t.idTypes.includes(type)) throw new AppError(KYC_MESSAGES.idType(t.idTypes));
  const number = normaliseIdNumber(type, input.idNumber);
  if (!ID_FORMATS[type].re.test(number)) throw new AppError(ID_FORMATS[type].message);
  // A date that cannot be anyone's birth is refused here, before any look-up is claimed or counted.
  const dobProblem = dateOfBirthProblem(input.dateOfBirth, sellerZone(u.countryCode).zone);
  if (dobProblem) throw new AppError(dobProblem);
  if (u.level >= 1) throw new AppError(KYC_MESSAGES.already);

  // The attempt is claimed (and counted) before the provider is asked, one at a time per user.
  let claim: bigint;
  try {
    claim = await db.tx(async (q) => {
      if ((await repo.lockLevel(q, userId)) >= 1) throw new AppError(KYC_MESSAGES.already);
      if ((await repo.failedInLastDay(q, userId)) >= KYC_ATTEMPTS_PER_DAY) throw new AppError(KYC_MESSAGES.attempts);
      return repo.claimLookUp(q, { userId, idType: type, last4: number.slice(-4) });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(KYC_MESSAGES.inFlight);
    throw e;
  }
  // A claim ends under the same user-row lock it was taken under: a parallel claim counting the
  // day's failures cannot miss one that is ending at that moment.
  const endClaim = (end: (q: Queryable) => Promise<void>) =>
    db.tx(async (q) => {
      await repo.lockLevel(q, userId);
      await end(q);
    });
  const refuse = async (reason: string): Promise<never> => {
    await endClaim((q) => repo.failClaim(q, claim, reason));
    throw new AppError(reason);
  };

  const found = await deps.provider.lookUp(type, number);
  if (!found.ok && found.kind === 'unavailable') {
    await endClaim((q) => repo.dropClaim(q, claim));
    throw new AppError(KYC_MESSAGES.unavailable);
  }
  if (!found.ok) return refuse(KYC_MESSAGES.notFound(type));
  const person = found.person;
  const recordName = fullName(person);
  if (person.dateOfBirth !== input.dateOfBirth || !namesMatch(`${input.firstName} ${input.lastName}`, recordName))
    return refuse(KYC_MESSAGES.mismatch(type));

  try {
    await db.tx(async (q) => {
      if ((await repo.lockLevel(q, userId)) >= 1) throw new AppError(KYC_MESSAGES.already);
      await repo.verifyClaim(q, claim, {
        sealed: vault.seal(number, `user:${userId}`),
        lookup: vault.lookup(type, number),
        personLookup: vault.personLookup(recordName, person.dateOfBirth),
        dateOfBirthSealed: vault.seal(person.dateOfBirth, dateOfBirthContext(userId)),
        nameOnRecord: recordName,
      });
      await repo.setVerifiedName(q, userId, recordName);
      await notify(q, {
        userId,
        title: 'Identity verified',
        content: `Your ${ID_LABELS[type]} is verified: you are at level 1. Your limits are in ${SETTINGS}.`,
        action: 'app_settings',
        params: {},
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      // The number is verified on another account: the refused attempt keeps its keyed hash, which
      // links the two accounts (a referral between them earns nothing; staff see the link).
      await endClaim((q) => repo.failClaim(q, claim, KYC_MESSAGES.taken(type), vault.lookup(type, number)));
      throw new AppError(KYC_MESSAGES.taken(type));
    }
    await endClaim((q) => repo.dropClaim(q, claim));
    throw e;
  }
  return { level: 1, name: recordName };
}

/** The seller's own stored upload, by its object name (from its URL), or an error. */
async function ownPhoto(
  q: Queryable,
  store: UploadStore | undefined,
  input: { userId: number; url: string },
): Promise<{ name: string; data: Buffer }> {
  const name = input.url.replace(/^.*\/uploads\//, '').split('?')[0] ?? '';
  // A store that cannot be read throws PhotoStoreUnavailable: the seller is told to try again later.
  const data = (await repo.ownPhoto(q, input.userId, name)) && store ? await store.get(name) : null;
  if (!data) throw new AppError(KYC_MESSAGES.photo);
  return { name, data };
}

/** Level 2: a selfie the provider matches with the photo on the verified ID's record. */
export async function verifySelfie(
  db: Db,
  deps: KycDeps,
  input: { userId: number; selfieUrl: string },
): Promise<{ level: number }> {
  const { userId } = input;
  const u = await kycUser(db, deps, userId);
  if (u.level < 1) throw new AppError(KYC_MESSAGES.needLevel(1));
  if (u.level >= 2) throw new AppError(KYC_MESSAGES.already);
  if ((await repo.failedInLastDay(db, userId)) >= KYC_ATTEMPTS_PER_DAY) throw new AppError(KYC_MESSAGES.attempts);
  const photo = await ownPhoto(db, deps.store, { userId, url: input.selfieUrl });
  const id = await repo.latestVerified(db, userId, 1);
  if (!id || !id.id_type) throw new AppError(KYC_MESSAGES.needLevel(1));
  const number = deps.vault.open(id.id_number_sealed, `user:${userId}`);
  const m = await deps.provider.matchSelfie(id.id_type, number, photo.data);
  if (!m.ok && m.kind === 'unavailable') throw new AppError(KYC_MESSAGES.unavailable);
  if (!m.ok || !m.match) return fail(db, { userId, level: 2, reason: KYC_MESSAGES.selfieMismatch, selfie: photo.name });
  await db.tx(async (q) => {
    if ((await repo.lockLevel(q, userId)) >= 2) throw new AppError(KYC_MESSAGES.already);
    await repo.insertSelfie(q, userId, photo.name);
    await repo.markIdentityPhoto(q, photo.name);
    await repo.raiseLevel(q, userId, 2);
    await notify(q, {
      userId,
      title: 'Level 2 verified',
      content: `Your selfie matched your ID: you are at level 2. Your new limits are in ${SETTINGS}.`,
      action: 'app_settings',
      params: {},
    });
  });
  return { level: 2 };
}

/** Level 3: a photo of the ID document and the home address, waiting for staff; the level 2 selfie goes with them. */
export async function submitDocuments(
  db: Db,
  deps: KycDeps,
  input: { userId: number; documentUrl: string; address: string },
): Promise<{ status: 'pending' }> {
  const { userId } = input;
  const u = await kycUser(db, deps, userId);
  if (u.level < 2) throw new AppError(KYC_MESSAGES.needLevel(2));
  if (u.level >= 3) throw new AppError(KYC_MESSAGES.already);
  const address = input.address.trim();
  if (address.length < 10) throw new AppError(KYC_MESSAGES.address);
  const doc = await ownPhoto(db, deps.store, { userId, url: input.documentUrl });
  const selfie = await repo.latestVerified(db, userId, 2);
  try {
    await db.tx(async (q) => {
      await repo.lockLevel(q, userId);
      await repo.insertDocuments(q, {
        userId,
        document: doc.name,
        selfie: selfie?.selfie ?? '',
        addressSealed: deps.vault.seal(address, `user:${userId}`),
      });
      await repo.markIdentityPhoto(q, doc.name);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(KYC_MESSAGES.pending);
    throw e;
  }
  return { status: 'pending' };
}

/** Staff's decision on a level 3 request, in the caller's transaction (the caller audits it). */
export async function decideDocuments(
  q: Queryable,
  input: { checkId: number; staffId: number; outcome: 'verified' | 'failed'; reason: string },
): Promise<{ userId: number }> {
  const { checkId, staffId, outcome, reason } = input;
  const c = await repo.lockReview(q, checkId);
  if (!c) throw new AppError(KYC_MESSAGES.reviewNotFound);
  if (c.status !== 'pending') throw new AppError(KYC_MESSAGES.reviewDone);
  if (outcome === 'failed' && !reason.trim()) throw new AppError(KYC_MESSAGES.reasonRequired);
  await repo.decide(q, checkId, outcome, outcome === 'failed' ? reason.trim() : '', staffId);
  if (outcome === 'verified') await repo.raiseLevel(q, c.user_id, 3);
  await notify(q, {
    userId: c.user_id,
    title: outcome === 'verified' ? 'Level 3 verified' : 'Level 3 not verified',
    content:
      outcome === 'verified'
        ? `Your documents are approved: you are at level 3. Your new limits are in ${SETTINGS}.`
        : `We could not verify your documents: ${reason.trim()}. You can send them again in ${SETTINGS}.`,
    action: 'app_settings',
    params: {},
  });
  return { userId: c.user_id };
}

/**
 * Per country, its tiers' currencies and its seller time zone, as JSON for the status read's one statement (made
 * again only when the reference data is read again, or for other tiers: Reference.perCountries).
 */
const countryTiers = (deps: Pick<KycDeps, 'ref' | 'tiers'>) =>
  deps.ref.perCountries(
    (countries) =>
      perCountryJson(countries, (c) => ({
        currencies: Object.keys(deps.tiers[c.short_name]?.levels[0]?.limits ?? {}),
        zone: sellerZone(c.short_name).zone,
      })),
    deps.tiers,
  );

/**
 * The seller's own view: level, what the next needs, the latest check per level, today's limits per wallet, balances
 * above them.
 */
export async function kycStatus(
  db: Db,
  deps: Pick<KycDeps, 'ref' | 'tiers'>,
  input: {
    userId: number;
    /** Reads the user's cash balances (the ledger's): started beside this module's read. */
    balances: () => Promise<{ currency: string; balanceMinor: bigint }[]>;
  },
) {
  const { userId } = input;
  const countries = await countryTiers(deps);
  const [read, balances] = await Promise.all([repo.status(db, userId, countries), input.balances()]);
  const u = await kycUserOf(deps, read);
  if (!read) throw new Error('unreachable: kycUserOf refuses a missing user');
  const t = deps.tiers[u.countryCode];
  const checks = read.checks;
  const idCheck = read.id_check;
  const cur = async (code: string) => deps.ref.currency(code);
  const money = async (m: bigint | null, code: string) => (m === null ? null : moneyText(m, await cur(code)));
  const wallets = [];
  const currencies = Object.keys(t?.levels[0]?.limits ?? {});
  for (const code of currencies) {
    const b = { currency: code, balanceMinor: balances.find((x) => x.currency === code)?.balanceMinor ?? 0n };
    const day = await kycToday(db, deps, { user: u, currency: b.currency, used: read.used.get(b.currency) });
    if (!day) continue;
    wallets.push({
      currency: b.currency,
      balance: await money(b.balanceMinor, b.currency),
      single_limit: await money(day.limits.singleMinor, b.currency),
      daily_limit: await money(day.limits.dailyMinor, b.currency),
      remaining_today: await money(day.remaining, b.currency),
      balance_threshold: await money(day.limits.balanceMinor, b.currency),
      above_threshold: day.limits.balanceMinor !== null && u.level > 0 && b.balanceMinor > day.limits.balanceMinor,
      above_remaining_today: b.balanceMinor > day.remaining,
    });
  }
  const payouts = read.bank_accounts;
  return {
    offered: Boolean(t),
    level: u.level,
    verified_name: u.name,
    id_type: idCheck?.id_type ?? '',
    id_masked: maskedId(idCheck?.id_last4 ?? ''),
    id_types: (t?.idTypes ?? []).map((x) => ({ type: x, label: ID_LABELS[x] })),
    levels: (t?.levels ?? []).map((l: Tier) => ({ level: l.level, needs: l.needs, limits: l.limits })),
    checks: checks.map((c) => ({
      level: c.level,
      status: c.status,
      reason: c.reason,
      id_type: c.id_type,
      id_last4: c.id_last4,
      created_time: Math.floor(c.created_at.getTime() / 1000),
    })),
    attempts_left: Math.max(0, KYC_ATTEMPTS_PER_DAY - read.failed_in_last_day),
    wallets,
    payout_mismatches: u.name
      ? payouts
          .filter((p) => !namesMatch(p.account_name, u.name))
          .map((p) => ({
            bank_id: Number(p.id),
            bank_name: p.bank_name,
            account_no: p.account_no,
            account_name: p.account_name,
          }))
      : [],
  };
}
