import type { Queryable } from '../../db/db.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../public/reference.js';

/**
 * VIP experience is cumulative completed trade volume (face value in roughly US dollars, by the
 * vip_exp_per_unit setting). The level is the highest configured level whose threshold is reached.
 * Called in the transaction that completes an order.
 */
export async function addVipExp(q: Queryable, ref: Reference, userId: number, exp: bigint, orderNo: string): Promise<void> {
  if (exp <= 0n) return;
  const u = await q.query<{ vip_exp: bigint; vip_level: number }>('update users set vip_exp = vip_exp + $2 where id = $1 returning vip_exp, vip_level', [userId, exp]);
  const row = u.rows[0];
  if (!row) return;
  await q.query('insert into vip_log (user_id, exp, after_exp, type, memo, source, order_no) values ($1,$2,$3,1,$4,$5,$6)', [
    userId, exp, row.vip_exp, `Order ${orderNo}`, 'Completed order', orderNo,
  ]);
  const levels = await ref.vipLevels();
  const level = levels.filter((l) => row.vip_exp >= l.exp_threshold).reduce((a, l) => Math.max(a, l.level), 0);
  if (level > row.vip_level) {
    await q.query('update users set vip_level = $2 where id = $1', [userId, level]);
    const name = levels.find((l) => l.level === level)?.name ?? `VIP ${level}`;
    await notify(q, userId, { title: 'VIP level up', content: `Congratulations! You reached VIP ${level} (${name}): your rates are now higher.`, kind: 'notice', action: 'app_vip', params: {} });
  }
}
