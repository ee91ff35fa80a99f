import { Tag } from 'antd';
import { when } from '../../lib/api';

export interface CaseClock {
  due: string;
  met_at: string | null;
  breached: boolean;
}

const span = (ms: number) => {
  const m = Math.round(Math.abs(ms) / 60_000);
  return m < 60 ? `${m} min` : m < 48 * 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${Math.floor(m / 1440)} days`;
};

/** A case's clock, worked out from its times: met (in time or late), running, or breached. */
export function ClockTag({ clock, now = Date.now() }: { clock: CaseClock; now?: number }) {
  const due = Date.parse(clock.due);
  if (clock.met_at)
    return clock.breached ? (
      <Tag color="orange">Met late · {when(clock.met_at)}</Tag>
    ) : (
      <Tag color="green">Met · {when(clock.met_at)}</Tag>
    );
  return clock.breached ? (
    <Tag color="red">Breached {span(now - due)} ago</Tag>
  ) : (
    <Tag color="blue">Due in {span(due - now)}</Tag>
  );
}
