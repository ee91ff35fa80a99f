// Who an operator is, as every module that acts for one (the console, releases) or tells them sees it.
import type { Queryable } from '../db/db.js';

export type Role = 'admin' | 'reviewer' | 'finance' | 'release_manager';

export interface StaffAuth {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/** The active admins' addresses: who is told of a locked operator account or a halted canary. */
export async function adminEmails(q: Queryable): Promise<string[]> {
  const r = await q.query<{ email: string }>(
    "select email from staff where role = 'admin' and status = 'active' order by id",
  );
  return r.rows.map((x) => x.email);
}
