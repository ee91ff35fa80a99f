// The replies of rate history and rate alerts: a card's rate series in a payout currency over 30
// or 90 days (what the "Rate history" chart draws), and a seller's alerts. In the account chunk:
// the chart is opened on demand, so a first page never carries these.
import { array as arr, boolean as bool, nullable, number as num, object as obj, string as str } from './schema';

export const rateHistory = obj({
  card_id: num,
  card_name: str,
  currency: str,
  currency_symbol: str,
  days: num,
  /** ISO times: the window's start and the moment it was read. */
  from: str,
  to: str,
  /** The rate in force at `from`, then each change as it took effect (decimal strings). */
  points: arr(obj({ at: str, rate: str })),
  current: str,
  high: str,
  low: str,
});

export const rateAlert = obj({
  alert_id: num,
  card_id: num,
  card_name: str,
  currency: str,
  currency_symbol: str,
  target_rate: str,
  current_rate: str,
  /** False once it has fired, until the rate falls back below the target. */
  armed: bool,
  fired_at: nullable(str),
});

export const rateAlerts = obj({ limit: num, list: arr(rateAlert) });

export const RATE_REPLIES = {
  'card/rateHistory': rateHistory,
  'card/rateAlerts': rateAlerts,
  'card/rateAlertAdd': rateAlerts,
  'card/rateAlertDelete': rateAlerts,
} as const;
