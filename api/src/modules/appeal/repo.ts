// The SQL of appeals: a seller's appeal on an order, the staff queue, taking and resolving one, and
// the per-reviewer figures.
import type { Queryable } from '../../db/db.js';
import type { OrderRow } from '../order/repo.js';
import type { AppealOutcome } from './rules.js';

export interface AppealRow {
  id: bigint;
  appeal_no: string;
  order_id: bigint;
  user_id: number;
  outcome: AppealOutcome;
  decided_by: number;
  decided_at: Date;
  note: string;
  images: string[];
  status: 'open' | 'upheld' | 'overturned';
  assigned_to: number | null;
  assigned_at: Date | null;
  resolved_by: number | null;
  resolved_at: Date | null;
  resolution: string;
  credit_minor: bigint;
  credit_journal_id: bigint | null;
  due_at: Date;
  breached_at: Date | null;
  created_at: Date;
}

export interface AppealQueueRow extends AppealRow {
  order_no: string;
  currency_code: string;
  decided_by_name: string;
  assigned_to_name: string | null;
  breached: boolean;
}

export interface AppealStatsRow {
  staff_id: number;
  name: string;
  decided: number;
  appealed: number;
  open: number;
  upheld: number;
  overturned: number;
}

const QUEUE_SELECT = `
  select a.*, o.order_no, o.currency_code, d.name as decided_by_name, s.name as assigned_to_name,
         (a.status = 'open' and (a.breached_at is not null or a.due_at <= now())) as breached
    from order_appeals a
    join orders o on o.id = a.order_id
    join staff d on d.id = a.decided_by
    left join staff s on s.id = a.assigned_to`;

export const appealRepo = {
  async ofOrder(q: Queryable, orderId: bigint): Promise<AppealRow | undefined> {
    return (
      await q.query<AppealRow>('select * from order_appeals where order_id = $1 order by id desc limit 1', [orderId])
    ).rows[0];
  },

  /** One appeal per order at a time (the partial unique index): null when another one won. */
  async insert(
    q: Queryable,
    a: {
      appealNo: string;
      orderId: bigint;
      userId: number;
      outcome: AppealOutcome;
      note: string;
      images: string[];
      reviewHours: number;
    },
  ): Promise<AppealRow | null> {
    const r = await q.query<AppealRow>(
      `insert into order_appeals (appeal_no, order_id, user_id, outcome, note, images, due_at)
       values ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))
       on conflict do nothing returning *`,
      [a.appealNo, a.orderId, a.userId, a.outcome, a.note, JSON.stringify(a.images), a.reviewHours],
    );
    return r.rows[0] ?? null;
  },

  async lockByNo(q: Queryable, appealNo: string): Promise<AppealRow | undefined> {
    return (await q.query<AppealRow>('select * from order_appeals where appeal_no = $1 for update', [appealNo]))
      .rows[0];
  },

  async byNo(q: Queryable, appealNo: string): Promise<AppealQueueRow | undefined> {
    return (await q.query<AppealQueueRow>(`${QUEUE_SELECT} where a.appeal_no = $1`, [appealNo])).rows[0];
  },

  /** Open appeals, breached first, then oldest. */
  async queue(q: Queryable): Promise<AppealQueueRow[]> {
    return (
      await q.query<AppealQueueRow>(
        `${QUEUE_SELECT} where a.status = 'open' order by (a.due_at <= now()) desc, a.created_at, a.id limit 200`,
      )
    ).rows;
  },

  async assign(q: Queryable, id: bigint, staffId: number): Promise<AppealRow> {
    const r = await q.query<AppealRow>(
      'update order_appeals set assigned_to = $2, assigned_at = now() where id = $1 returning *',
      [id, staffId],
    );
    return r.rows[0]!;
  },

  async resolve(
    q: Queryable,
    id: bigint,
    r: {
      status: 'upheld' | 'overturned';
      staffId: number;
      resolution: string;
      creditMinor: bigint;
      journalId: bigint | null;
    },
  ): Promise<AppealRow> {
    const out = await q.query<AppealRow>(
      `update order_appeals set status = $2, resolved_by = $3, resolved_at = now(), resolution = $4,
              credit_minor = $5, credit_journal_id = $6
        where id = $1 returning *`,
      [id, r.status, r.staffId, r.resolution, r.creditMinor, r.journalId],
    );
    return out.rows[0]!;
  },

  /** Per staff member: orders decided with a failed card, how many of those were appealed, and how they ended. */
  async stats(q: Queryable): Promise<AppealStatsRow[]> {
    const r = await q.query<AppealStatsRow>(
      `select s.id as staff_id, s.name,
              (select count(*)::int from orders o where o.claimed_by = s.id and o.finished_at is not null
                  and exists (select 1 from order_lines l where l.order_id = o.id and l.status = 'failed')) as decided,
              count(a.id)::int as appealed,
              count(a.id) filter (where a.status = 'open')::int as open,
              count(a.id) filter (where a.status = 'upheld')::int as upheld,
              count(a.id) filter (where a.status = 'overturned')::int as overturned
         from staff s left join order_appeals a on a.decided_by = s.id
        where s.role in ('admin', 'reviewer')
        group by s.id, s.name order by count(a.id) desc, s.id`,
    );
    return r.rows;
  },

  /** The breach of an appeal still open at its due time, set once. */
  async markBreached(q: Queryable, appealNo: string): Promise<AppealRow | undefined> {
    const r = await q.query<AppealRow>(
      `update order_appeals set breached_at = now()
        where appeal_no = $1 and status = 'open' and breached_at is null and due_at <= now() returning *`,
      [appealNo],
    );
    return r.rows[0];
  },

  /** The order an appeal is on, locked while it is resolved. */
  async lockOrder(q: Queryable, orderId: bigint): Promise<OrderRow | undefined> {
    return (await q.query<OrderRow>('select * from orders where id = $1 for update', [orderId])).rows[0];
  },

  /** A step of the order's timeline (the seller's order page reads it). */
  async addOrderEvent(q: Queryable, orderId: bigint, e: { status: string; note: string; actor: string }) {
    await q.query('insert into order_events (order_id, status, note, actor) values ($1, $2, $3, $4)', [
      orderId,
      e.status,
      e.note,
      e.actor,
    ]);
  },
};
