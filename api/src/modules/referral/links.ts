// The SQL of links between accounts: two accounts that share a verified identity, a payout
// account or a device are likely one person's. A referral between them earns nothing, and staff see
// the links on a seller's page.
import type { Queryable } from '../../db/db.js';

export type LinkKind = 'identity' | 'payout_account' | 'device';

/** How a link reads to staff (and, for the referrer, only "not eligible": never which link). */
export const LINK_LABELS: Record<LinkKind, string> = {
  identity: 'Same verified identity',
  payout_account: 'Same payout account',
  device: 'Same device',
};

/**
 * The device ids an account was seen with: the `device_no` sent at sign-up (users) and at each
 * sign-in (sessions, revoked or not), and that of its push tokens. The apps send `<os>_<device id>`
 * (stable per phone); the web sends a random `device-…` kept for the tab's session. Values too
 * short or generic to name one device (the apps' `undefined` when they have none) are left out.
 */
const DEVICES = `
  select user_id, device_no, 'sign-in' as seen from sessions where user_id = any($1::int[])
  union select id, device_no, 'sign-up' from users where id = any($1::int[])
  union select user_id, device_no, 'push' from push_tokens where user_id = any($1::int[])`;
const REAL_DEVICE =
  `length(d.device_no) >= 8 and lower(d.device_no) not in ('undefined', 'unknown', 'null', ` +
  `'device-undefined', 'device-null')`;

/**
 * The same payout account: a bank account (bank and number), a mobile-money number or a USDT address. Deleted ones
 * count.
 */
const SAME_ACCOUNT =
  `b.method = a.method and lower(b.account_no) = lower(a.account_no) and (a.method <> 'BANK' or ` +
  `b.bank_id = a.bank_id)`;

/**
 * The same person: the keyed hash of an ID number (also one refused as another account's), or of the verified name and
 * date of birth.
 */
const SAME_PERSON =
  `(a.id_lookup <> '' and b.id_lookup = a.id_lookup) or (a.person_lookup <> '' and ` +
  `b.person_lookup = a.person_lookup)`;

export interface LinkedAccount {
  user_id: number;
  email: string | null;
  nickname: string;
  status: string;
  created_at: Date;
  link: LinkKind;
  detail: string;
  /** The referral between the two, if any: this account invited the other one, or was invited by it. */
  referral: 'invited' | 'invited_by' | null;
}

export const accountLinks = {
  /** The first link found between two accounts (identity, then payout account, then device), or null. */
  async between(q: Queryable, a: number, b: number): Promise<LinkKind | null> {
    const r = await q.query<{ link: LinkKind }>(
      `select 'identity' as link where exists (
         select 1 from kyc_checks a join kyc_checks b on ${SAME_PERSON} where a.user_id = $2 and b.user_id = $3)
       union all
       select 'payout_account' where exists (
         select 1 from payout_accounts a join payout_accounts b on ${SAME_ACCOUNT} where a.user_id = $2 and ` +
        `b.user_id = $3)
       union all
       select 'device' where exists (
         select 1 from (${DEVICES}) d join (${DEVICES}) e on e.device_no = d.device_no
          where d.user_id = $2 and e.user_id = $3 and ${REAL_DEVICE})
       limit 1`,
      [[a, b], a, b],
    );
    return r.rows[0]?.link ?? null;
  },

  /** Every other account linked to this one, with the link and what is shared (for staff), 100 at most. */
  async of(q: Queryable, userId: number): Promise<LinkedAccount[]> {
    const r = await q.query<LinkedAccount>(
      `with mine as (select distinct d.device_no from (${DEVICES}) d where ${REAL_DEVICE}),
       links as (
         select distinct b.user_id, 'identity' as link,
                case when a.id_lookup <> '' and b.id_lookup = a.id_lookup then 'Same ID number' else 'Same verified ` +
        `name and date of birth' end as detail
           from kyc_checks a join kyc_checks b on ${SAME_PERSON} where a.user_id = $2 and b.user_id <> $2
         union
         select distinct b.user_id, 'payout_account', a.method || ' ' || a.account_no
           from payout_accounts a join payout_accounts b on ${SAME_ACCOUNT} where a.user_id = $2 and b.user_id <> $2
         union
         -- Each source joined on the device ids through its own index.
         select s.user_id, 'device', m.device_no from mine m join sessions s on s.device_no = m.device_no where ` +
        `s.user_id <> $2
         union
         select u.id, 'device', m.device_no from mine m join users u on u.device_no = m.device_no where u.id <> $2
         union
         select p.user_id, 'device', m.device_no from mine m join push_tokens p on p.device_no = m.device_no where ` +
        `p.user_id <> $2)
       select l.user_id, u.email, u.nickname, u.status, u.created_at, l.link, l.detail,
              case when u.referrer_id = $2 then 'invited' when u.id = (select referrer_id from users where id = $2) ` +
        `then 'invited_by' end as referral
         from links l join users u on u.id = l.user_id
        order by l.user_id, l.link, l.detail limit 100`,
      [[userId], userId],
    );
    return r.rows;
  },
};
