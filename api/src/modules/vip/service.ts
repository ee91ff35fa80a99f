import type { Queryable } from '../../db/db.js';
import { notify } from '../notices/service.js';
import type { Reference } from '../../shared/reference.js';
import { vipRepo } from './repo.js';

/**
 * VIP experience is cumulative completed trade volume (face value in roughly US dollars, by the
 * vip_exp_per_unit setting). The level is the highest configured level whose threshold is reached.
 * Called in the transaction that completes an order.
 */
export async function addVipExp(
  q: Queryable,
  deps: { ref: Reference },
  input: { userId: number; exp: bigint; orderNo: string },
): Promise<void> {
  const { ref } = deps;
  const { userId, exp, orderNo } = input;
  if (exp <= 0n) return;
  const row = await vipRepo.addExp(q, userId, exp, orderNo);
  if (!row) return;
  const levels = await ref.vipLevels();
  const level = levels.filter((l) => row.vip_exp >= l.exp_threshold).reduce((a, l) => Math.max(a, l.level), 0);
  if (level > row.vip_level) {
    await vipRepo.setLevel(q, userId, level);
    const name = levels.find((l) => l.level === level)?.name ?? `VIP ${level}`;
    await notify(q, {
      userId,
      title: 'VIP level up',
      content: `Congratulations! You reached VIP ${level} (${name}): your rates are now higher.`,
      kind: 'notice',
      action: 'app_vip',
      params: {},
    });
  }
}
