// The SQL of the public site's own content: home banners, announcements and contact messages.
import type { Queryable } from '../../db/db.js';

export const publicRepo = {
  async banners(q: Queryable) {
    return (
      await q.query<{ id: number; image: string; title: string; action: string; params: Record<string, unknown> }>(
        'select id, image, title, action, params from banners where active order by sort, id',
      )
    ).rows;
  },

  /** The active announcements, in their order (the home page's and the app's feed). */
  async announcements(q: Queryable) {
    return (
      await q.query<{ id: number; content: string }>(
        'select id, content from announcements where active order by sort, id',
      )
    ).rows;
  },

  async saveContactMessage(
    q: Queryable,
    m: { name: string; email: string; subject?: string; message: string; userId: number | null; ip: string },
  ): Promise<void> {
    await q.query(
      'insert into contact_messages (name, email, subject, message, user_id, ip) values ($1,$2,$3,$4,$5,$6)',
      [m.name, m.email, m.subject, m.message, m.userId, m.ip],
    );
  },
};
