// The SQL of support cases: the case, its messages and its timeline.
import type { Queryable } from '../../db/db.js';
import type { CaseAbout, CaseStatus } from './names.js';

export interface CaseRow {
  id: string;
  case_no: string;
  user_id: number | null;
  guest_email: string | null;
  guest_name: string;
  about: CaseAbout;
  order_no: string | null;
  withdraw_no: string | null;
  subject: string;
  status: CaseStatus;
  owner_staff_id: number | null;
  owner_name: string | null;
  first_response_due: Date;
  first_response_at: Date | null;
  resolution_due: Date;
  solved_at: Date | null;
  resolution: string;
  created_at: Date;
  updated_at: Date;
  /** The seller's username (or e-mail), or a visitor's e-mail. */
  seller: string;
}

export interface CaseMessageRow {
  id: string;
  author: 'seller' | 'staff';
  staff_id: number | null;
  staff_name: string | null;
  body: string;
  photos: string[];
  created_at: Date;
}

export interface CaseEventRow {
  id: string;
  kind: string;
  staff_id: number | null;
  staff_name: string | null;
  note: string;
  created_at: Date;
}

export interface QueueRow extends CaseRow {
  messages: number;
  last_message_at: Date | null;
}

const CASE_COLUMNS =
  'c.id::text as id, c.case_no, c.user_id, c.guest_email, c.guest_name, c.about, c.order_no, c.withdraw_no, ' +
  'c.subject, c.status, c.owner_staff_id, s.name as owner_name, c.first_response_due, c.first_response_at, ' +
  "c.resolution_due, c.solved_at, c.resolution, c.created_at, c.updated_at, coalesce(nullif(u.username, ''), " +
  "u.email, c.guest_email, '') as seller";
const FROM = 'from support_cases c left join staff s on s.id = c.owner_staff_id left join users u on u.id = c.user_id';

export const caseRepo = {
  async insert(
    q: Queryable,
    c: {
      caseNo: string;
      userId: number | null;
      guestEmail: string | null;
      guestName: string;
      about: CaseAbout;
      orderNo: string | null;
      withdrawNo: string | null;
      subject: string;
      firstResponseDue: Date;
      resolutionDue: Date;
    },
  ): Promise<string | null> {
    // A second open case about the same order or withdrawal hits the partial unique index: null.
    const r = await q.query<{ id: string }>(
      'insert into support_cases (case_no, user_id, guest_email, guest_name, about, order_no, withdraw_no, subject, ' +
        'first_response_due, resolution_due) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) on conflict do nothing ' +
        'returning id::text as id',
      [
        c.caseNo,
        c.userId,
        c.guestEmail,
        c.guestName,
        c.about,
        c.orderNo,
        c.withdrawNo,
        c.subject,
        c.firstResponseDue,
        c.resolutionDue,
      ],
    );
    return r.rows[0]?.id ?? null;
  },

  /** The open case about an order or a withdrawal, locked. */
  async openAbout(
    q: Queryable,
    about: { orderNo: string | null; withdrawNo: string | null },
  ): Promise<CaseRow | undefined> {
    const r = await q.query<CaseRow>(
      `select ${CASE_COLUMNS} ${FROM} where c.status <> 'solved' and ((c.order_no = $1) or (c.withdraw_no = $2)) ` +
        'for update of c',
      [about.orderNo, about.withdrawNo],
    );
    return r.rows[0];
  },

  async byNo(q: Queryable, caseNo: string, opts: { lock?: boolean } = {}): Promise<CaseRow | undefined> {
    const r = await q.query<CaseRow>(
      `select ${CASE_COLUMNS} ${FROM} where c.case_no = $1${opts.lock ? ' for update of c' : ''}`,
      [caseNo],
    );
    return r.rows[0];
  },

  async byId(q: Queryable, id: string, opts: { lock?: boolean } = {}): Promise<CaseRow | undefined> {
    const r = await q.query<CaseRow>(
      `select ${CASE_COLUMNS} ${FROM} where c.id = $1${opts.lock ? ' for update of c' : ''}`,
      [id],
    );
    return r.rows[0];
  },

  async ofUser(q: Queryable, userId: number, page: number, pageSize: number): Promise<CaseRow[]> {
    const r = await q.query<CaseRow>(
      `select ${CASE_COLUMNS} ${FROM} where c.user_id = $1 order by c.status = 'solved', c.updated_at desc, c.id ` +
        `desc ` +
        'limit $2 offset $3',
      [userId, pageSize, page * pageSize],
    );
    return r.rows;
  },

  /** Cases about one order or withdrawal, newest first (the console's order page links them). */
  async about(q: Queryable, f: { orderNo?: string; withdrawNo?: string }): Promise<CaseRow[]> {
    const r = await q.query<CaseRow>(
      `select ${CASE_COLUMNS} ${FROM} where ($1::text is not null and c.order_no = $1) or ($2::text is not null and ` +
        'c.withdraw_no = $2) order by c.id desc limit 20',
      [f.orderNo ?? null, f.withdrawNo ?? null],
    );
    return r.rows;
  },

  /**
   * The staff queue: open cases (or solved ones), the clock that is due first leading — so breached
   * cases come first, the oldest breach first, then the next to breach.
   */
  async queue(q: Queryable, f: { solved: boolean; ownerId?: number; limit: number }): Promise<QueueRow[]> {
    const r = await q.query<QueueRow>(
      `select ${CASE_COLUMNS}, ` +
        '(select count(*)::int from support_case_messages m where m.case_id = c.id) as messages, ' +
        '(select max(m.created_at) from support_case_messages m where m.case_id = c.id) as last_message_at ' +
        `${FROM} ` +
        `where (c.status = 'solved') = $1 and ($2::int is null or c.owner_staff_id = $2) ` +
        (f.solved
          ? 'order by c.solved_at desc '
          : 'order by least(case when c.first_response_at is null then c.first_response_due end, ' +
            'c.resolution_due), c.id ') +
        'limit $3',
      [f.solved, f.ownerId ?? null, f.limit],
    );
    return r.rows;
  },

  async addMessage(
    q: Queryable,
    m: { caseId: string; author: 'seller' | 'staff'; staffId: number | null; body: string; photos: string[] },
  ): Promise<void> {
    await q.query(
      'insert into support_case_messages (case_id, author, staff_id, body, photos) values ($1,$2,$3,$4,$5)',
      [m.caseId, m.author, m.staffId, m.body, m.photos],
    );
  },

  /** A timeline entry; false when a breach of that clock was already noted. */
  async addEvent(
    q: Queryable,
    e: { caseId: string; kind: string; staffId?: number | null; note?: string },
  ): Promise<boolean> {
    const r = await q.query(
      'insert into support_case_events (case_id, kind, staff_id, note) values ($1,$2,$3,$4) on conflict do nothing ' +
        'returning id',
      [e.caseId, e.kind, e.staffId ?? null, e.note ?? ''],
    );
    return r.rows.length > 0;
  },

  async messages(q: Queryable, caseId: string): Promise<CaseMessageRow[]> {
    const r = await q.query<CaseMessageRow>(
      'select m.id::text as id, m.author, m.staff_id, s.name as staff_name, m.body, m.photos, m.created_at from ' +
        'support_case_messages m left join staff s on s.id = m.staff_id where m.case_id = $1 order by m.id',
      [caseId],
    );
    return r.rows;
  },

  async events(q: Queryable, caseId: string): Promise<CaseEventRow[]> {
    const r = await q.query<CaseEventRow>(
      'select e.id::text as id, e.kind, e.staff_id, s.name as staff_name, e.note, e.created_at from ' +
        'support_case_events e left join staff s on s.id = e.staff_id where e.case_id = $1 order by e.id',
      [caseId],
    );
    return r.rows;
  },

  async setStatus(q: Queryable, caseId: string, status: 'waiting_us' | 'waiting_you'): Promise<void> {
    await q.query('update support_cases set status = $2, updated_at = now() where id = $1', [caseId, status]);
  },

  /** The first staff reply stops the first-response clock (once). */
  async firstResponse(q: Queryable, caseId: string): Promise<void> {
    await q.query(
      'update support_cases set first_response_at = coalesce(first_response_at, now()), updated_at = now() where id ' +
        '= $1',
      [caseId],
    );
  },

  async reopen(q: Queryable, caseId: string, resolutionDue: Date): Promise<void> {
    await q.query(
      "update support_cases set status = 'waiting_us', solved_at = null, solved_by = null, resolution = '', " +
        'resolution_due = $2, updated_at = now() where id = $1',
      [caseId, resolutionDue],
    );
  },

  async assign(q: Queryable, caseId: string, staffId: number): Promise<void> {
    await q.query('update support_cases set owner_staff_id = $2, updated_at = now() where id = $1', [caseId, staffId]);
  },

  async solve(q: Queryable, caseId: string, s: { staffId: number; resolution: string }): Promise<void> {
    await q.query(
      "update support_cases set status = 'solved', solved_at = now(), solved_by = $2, resolution = $3, " +
        'owner_staff_id = coalesce(owner_staff_id, $2), updated_at = now() where id = $1',
      [caseId, s.staffId, s.resolution],
    );
  },

  /** Active staff who may own a case. */
  async staffNames(q: Queryable): Promise<{ id: number; name: string; role: string }[]> {
    const r = await q.query<{ id: number; name: string; role: string }>(
      "select id, name, role from staff where status = 'active' order by name, id",
    );
    return r.rows;
  },

  async orderOwner(q: Queryable, orderNo: string): Promise<number | undefined> {
    return (await q.query<{ user_id: number }>('select user_id from orders where order_no = $1', [orderNo])).rows[0]
      ?.user_id;
  },

  async withdrawalOwner(q: Queryable, withdrawNo: string): Promise<number | undefined> {
    return (await q.query<{ user_id: number }>('select user_id from withdrawals where withdraw_no = $1', [withdrawNo]))
      .rows[0]?.user_id;
  },

  /** How many of these photos are the user's stored uploads. */
  async storedPhotosOf(q: Queryable, userId: number, names: string[]): Promise<number> {
    const r = await q.query<{ n: number }>(
      'select count(*)::int as n from uploads where object_name = any($1::text[]) and user_id = $2 and status = ' +
        "'stored'",
      [names, userId],
    );
    return r.rows[0]?.n ?? 0;
  },

  /** Upload links for a case's photos, made in the name of the case's seller (their photo space). */
  async createUploads(q: Queryable, userId: number, names: string[], expiresAt: Date): Promise<void> {
    await q.query(
      'insert into uploads (object_name, user_id, expires_at) select n, $2, $3 from unnest($1::text[]) as n',
      [names, userId, expiresAt],
    );
  },
};
