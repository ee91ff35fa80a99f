// The SQL of the operator console's own records: the audit log, the platform's ledger totals, the
// operators, and the requests that wait for a second operator.
import type { Queryable } from '../../db/db.js';
import { ORDER_CREDITED, ORDER_STATUS } from '@giftlane/shared-sdk/statuses';

export type ApprovalKind = 'order_decision' | 'correction';

/** A request for a second operator (four-eyes.ts). */
export interface ApprovalRow {
  id: bigint;
  kind: ApprovalKind;
  target_id: string;
  requested_by: number;
  payload: Record<string, unknown>;
  params_hash: string;
  amount_minor: bigint;
  currency_code: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string;
  result: Record<string, unknown> | null;
  created_at: Date;
}

/** A request marked approved or rejected, by whom, why, and what carrying it out gave. */
export interface ApprovalClose {
  id: bigint;
  status: 'approved' | 'rejected';
  by: number;
  note: string;
  result: Record<string, unknown> | null;
}

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  staffId?: number;
  /** An action, or an action family ("order" matches "order.decide"). */
  action?: string;
  /** Text anywhere in the reason, the target or the details. */
  text?: string;
  from?: string;
  to?: string;
  /** For the next page: entries older than this one. */
  beforeId?: number;
}

/** What an admin can change of another operator's account. */
export type StaffChange = 'deactivate' | 'activate' | 'reset-second-factor';
const STAFF_CHANGES: Record<StaffChange, string[]> = {
  deactivate: ["update staff set status = 'disabled' where id = $1 returning id"],
  activate: ["update staff set status = 'active', login_failures = 0, locked_until = null where id = $1 returning id"],
  'reset-second-factor': [
    'update staff set totp_secret = null, totp_enabled_at = null, totp_last_step = 0, login_failures = 0, ' +
      'locked_until = null where id = $1 returning id',
    'delete from staff_recovery_codes where staff_id = $1',
  ],
};

export const opsRepo = {
  /** The newest 200 audit entries that match. */
  async auditLog(q: Queryable, f: AuditFilter) {
    const r = await q.query(
      `select a.id::text, a.action, a.target_type, a.target_id, a.reason, a.details, a.ip, a.created_at, s.email as ` +
        `staff, s.name as staff_name
         from audit_log a left join staff s on s.id = a.staff_id
        where ($1::text is null or a.target_type = $1) and ($2::text is null or a.target_id = $2)
          and ($3::int is null or a.staff_id = $3)
          and ($4::text is null or a.action = $4 or a.action like $4 || '.%')
          and ($5::text is null or a.reason ilike '%' || $5 || '%' or a.target_id ilike '%' || $5 || '%' or ` +
        `a.details::text ilike '%' || $5 || '%')
          and ($6::timestamptz is null or a.created_at >= $6) and ($7::timestamptz is null or a.created_at < $7)
          and ($8::bigint is null or a.id < $8)
        order by a.id desc limit 200`,
      [
        f.targetType ?? null,
        f.targetId ?? null,
        f.staffId ?? null,
        f.action ?? null,
        f.text || null,
        f.from ?? null,
        f.to ?? null,
        f.beforeId ?? null,
      ],
    );
    return r.rows;
  },

  /** Per account kind and currency: users' running balances summed, the platform's from their postings. */
  async ledgerTotals(q: Queryable) {
    const r = await q.query<{ kind: string; currency_code: string; balance: bigint; accounts: number }>(
      `select a.kind, a.currency_code, count(*)::int as accounts,
              (case when bool_and(a.user_id is not null) then sum(a.balance_minor)
                    else (select coalesce(sum(p.amount_minor), 0) from ledger_postings p join ledger_accounts b on ` +
        `b.id = p.account_id where b.kind = a.kind and b.currency_code = a.currency_code) end)::bigint as balance
         from ledger_accounts a group by a.kind, a.currency_code order by a.currency_code, a.kind`,
    );
    return r.rows;
  },

  async staffList(q: Queryable) {
    const r = await q.query(
      `select id, email, name, role, status, totp_enabled_at is not null as second_factor, locked_until, created_at,
              (select count(*)::int from staff_recovery_codes c where c.staff_id = staff.id and c.used_at is null) ` +
        `as recovery_codes_left
         from staff order by id`,
    );
    return r.rows;
  },

  async staffById(q: Queryable, id: number) {
    return (
      await q.query<{ id: number; name: string; role: string }>('select id, name, role from staff where id = $1', [id])
    ).rows[0];
  },

  /**
   * Changes an operator's account and ends their sessions and sign-in challenges; false when there is no such operator.
   */
  async changeStaff(q: Queryable, id: number, change: StaffChange): Promise<boolean> {
    const [first, ...also] = STAFF_CHANGES[change];
    if (!(await q.query(first!, [id])).rows.length) return false;
    await q.query('update staff_sessions set revoked_at = now() where staff_id = $1 and revoked_at is null', [id]);
    await q.query('update staff_challenges set used_at = now() where staff_id = $1 and used_at is null', [id]);
    for (const sql of also) await q.query(sql, [id]);
    return true;
  },

  /** Requests in a state, with who asked: the waiting ones oldest first, the others newest first. */
  async approvals(q: Queryable, status: string) {
    const r = await q.query<ApprovalRow & { requested_by_name: string }>(
      `select a.*, s.name as requested_by_name from approvals a join staff s on s.id = a.requested_by where ` +
        `a.status = $1 order by a.id ${status === 'pending' ? 'asc' : 'desc'} limit 200`,
      [status],
    );
    return r.rows;
  },

  async approval(q: Queryable, id: number | bigint, lock = false): Promise<ApprovalRow | undefined> {
    return (await q.query<ApprovalRow>(`select * from approvals where id = $1${lock ? ' for update' : ''}`, [id]))
      .rows[0];
  },

  /** The order decisions waiting for a second operator among these orders, with who asked. */
  async waitingDecisions(q: Queryable, orderNos: string[]) {
    const r = await q.query<{ target_id: string; requested_by: number; requested_by_name: string }>(
      `select a.target_id, a.requested_by, s.name as requested_by_name from approvals a join staff s on s.id = ` +
        `a.requested_by
        where a.kind = 'order_decision' and a.status = 'pending' and a.target_id = any($1::text[])`,
      [orderNos],
    );
    return r.rows;
  },

  /** The oldest pending order an operator could take next (unclaimed or theirs), other than `except`. */
  async nextOrder(q: Queryable, staffId: number, except: string): Promise<string | null> {
    const r = await q.query<{ order_no: string }>(
      `select o.order_no from orders o
        where o.status = $1 and (o.claimed_by is null or o.claimed_by = $2) and o.order_no <> $3
          and not exists (select 1 from approvals a where a.kind = 'order_decision' and a.status = 'pending' and ` +
        `a.target_id = o.order_no)
        order by o.created_at, o.id limit 1`,
      [ORDER_STATUS.pending, staffId, except],
    );
    return r.rows[0]?.order_no ?? null;
  },

  /** The request waiting for an order or correction key, if any (pending; for corrections, any). */
  async approvalFor(
    q: Queryable,
    { kind, targetId, lock = false }: { kind: ApprovalKind; targetId: string; lock?: boolean },
  ): Promise<ApprovalRow | null> {
    const r = await q.query<ApprovalRow>(
      `select * from approvals where kind = $1 and target_id = $2 and (status = 'pending' or kind = 'correction') ` +
        `order by id desc limit 1${lock ? ' for update' : ''}`,
      [kind, targetId],
    );
    return r.rows[0] ?? null;
  },

  /** A new request; undefined when another for the same target won the race. */
  async insertApproval(
    q: Queryable,
    a: {
      kind: ApprovalKind;
      targetId: string;
      staffId: number;
      payload: Record<string, unknown>;
      hash: string;
      amountMinor: bigint;
      currency: string;
      reason: string;
    },
  ) {
    const r = await q.query<ApprovalRow>(
      `insert into approvals (kind, target_id, requested_by, payload, params_hash, amount_minor, currency_code, reason)
       values ($1,$2,$3,$4,$5,$6,$7,$8) on conflict do nothing returning *`,
      [a.kind, a.targetId, a.staffId, JSON.stringify(a.payload), a.hash, a.amountMinor, a.currency, a.reason],
    );
    return r.rows[0];
  },

  async closeApproval(q: Queryable, { id, status, by, note, result }: ApprovalClose): Promise<void> {
    await q.query(
      'update approvals set status = $2, decided_by = $3, decided_at = now(), decision_note = $4, result = $5 where ' +
        'id = $1',
      [id, status, by, note, result ? JSON.stringify(result) : null],
    );
  },

  /** An order's row locked for review: its status and claim, or null for no such order. */
  async lockOrder(q: Queryable, orderNo: string): Promise<{ status: number; claimed_by: number | null } | null> {
    const r = await q.query<{ status: number; claimed_by: number | null }>(
      'select status, claimed_by from orders where order_no = $1 for update',
      [orderNo],
    );
    return r.rows[0] ?? null;
  },

  /**
   * A reviewer's day in a currency, locked (made on first use) until the transaction ends, so their
   * decisions of a day are summed one after the other (each statement reads what committed).
   */
  async lockReviewerDay(q: Queryable, staffId: number, currency: string): Promise<void> {
    await q.query(
      `insert into reviewer_days (staff_id, day, currency_code) values ($1, (now() at time zone 'UTC')::date, $2)
       on conflict (staff_id, day, currency_code) do update set staff_id = excluded.staff_id`,
      [staffId, currency],
    );
  },

  /** What a reviewer's decisions credited today (UTC) in a currency. */
  async creditedToday(q: Queryable, staffId: number, currency: string): Promise<bigint> {
    const r = await q.query<{ s: bigint }>(
      `select coalesce(sum(amount_minor), 0)::bigint as s from orders
        where claimed_by = $1 and currency_code = $2 and status = any($3::smallint[])
          and finished_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
      [staffId, currency, ORDER_CREDITED],
    );
    return BigInt(r.rows[0]?.s ?? 0n);
  },
};
