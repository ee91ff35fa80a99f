// One order, told honestly: where it stands (timeline), the quote locked at submission against
// what was paid (and why they differ), each card line with its face value, rate, amount or the
// reason it failed, the photos an operator rejected, and every bonus.
import type { ReactNode } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import {
  formatDateTime,
  formatMoney,
  tryParseMoney,
  toCurrencyCode,
  type Money,
  type OrderDetail,
  type OrderEta,
} from '@giftlane/shared-sdk';
import { CounterOfferCard } from './counter-offer';
import { eventLabel, isFailedEvent, nextStep, orderLabel, orderTone } from './order-status';
import { ACCRUING_NOTE, pastPromise, promisedTime } from '../../lib/promised';
import { OrderWait } from './order-wait';
import { OrderNumber } from './order-number';

function quotedMoney(detail: OrderDetail): Money | undefined {
  const q = detail.quote;
  const currency = toCurrencyCode(q?.payout_currency) ?? detail.amount.currency;
  // The whole quote, first-order bonus included (older orders' quotes have only the card's amount).
  return q ? tryParseMoney(q.total_amount ?? q.amount, currency) : undefined;
}

const positive = (m: Money | undefined): m is Money => !!m && m.amount_minor > 0n;

/** A quote line's amount; a line the reply garbled shows as unknown, never as another figure. */
const lineMoney = (amount: string, currency: Money['currency']) => {
  const m = tryParseMoney(amount, currency);
  return m ? formatMoney(m) : '–';
};

function lineFace(face: number, currency?: string, symbol?: string): string {
  const text = Number.isFinite(face) ? face.toLocaleString('en-GB', { maximumFractionDigits: 2 }) : String(face);
  return symbol ? `${symbol}${text}` : `${text} ${currency ?? ''}`.trim();
}

export function OrderDetailView(props: {
  detail: OrderDetail;
  /** The first wait estimate, asked for with the order (it then takes its place without moving the page). */
  firstEta?: OrderEta[];
  justSubmitted?: boolean;
  onChanged?: () => void;
  /** The evidence pack and appeal of an order with a failed card or a declined offer, shown under its status. */
  evidence?: ReactNode;
}) {
  const { detail, firstEta, justSubmitted, onChanged, evidence } = props;
  const tone = orderTone(detail.status);
  const finished = tone !== 'pending';
  const quoted = quotedMoney(detail);
  const currency = detail.amount.currency;
  const diff = finished && quoted ? detail.amount.amount_minor - quoted.amount_minor : 0n;
  const bonuses: Array<[string, Money | undefined]> = [
    ['First-order bonus', detail.first_order_bonus],
    ['Big-trade bonus', detail.reach_amount_bonus],
    ['Full-amount bonus', detail.full_amount_bonus],
    ['VIP bonus', detail.vip_bonus],
    [detail.coupon_code ? `Coupon ${detail.coupon_code}` : 'Coupon', detail.coupon_amount],
  ];
  const shownBonuses = bonuses.filter(([, m]) => positive(m)) as Array<[string, Money]>;
  const rejected = detail.imageList.filter((img) => img.refused_reason);
  const timeline = detail.timeline ?? [{ status: 'submitted', time: detail.create_time }];
  const promised = promisedTime(detail.promised_time);
  const offerOpen = detail.counter_offer?.status === 'open';
  const late = !finished && pastPromise(detail.promised_time);
  const delay = detail.delay_compensation;

  return (
    <div className="acc-page">
      {justSubmitted && (
        <div className="acc-success" role="status">
          <p>
            <strong>Order submitted.</strong> Your order number is{' '}
            <span className="acc-code acc-nowrap">{detail.order_no}</span>. We will notify you as it moves.
          </p>
        </div>
      )}

      <section className="acc-card" aria-labelledby="order-status-h">
        <div className="acc-row" style={{ alignItems: 'center' }}>
          <h2 id="order-status-h" style={{ margin: 0 }}>
            {orderLabel(detail.status, detail.status_desc)}
          </h2>
          <span className={`acc-badge acc-badge--${tone}`}>{detail.currency ?? currency}</span>
        </div>
        {/* The card it was submitted for, until an operator names each card below. */}
        {detail.card_name && !detail.keyList.some((l) => l.card_name) && (
          <p className="acc-item__title acc-item__title--wrap" data-testid="order-card">
            {detail.card_name}
          </p>
        )}
        <p>
          {detail.counter_offer && ['declined', 'expired'].includes(detail.counter_offer.status)
            ? 'The lower offer was not accepted, so nothing was paid and your card was not redeemed. The reason and ' +
              'the proof are below.'
            : nextStep(detail.status, detail.status_desc)}
        </p>
        {late && !offerOpen && (
          <p className="acc-warn" role="status">
            {ACCRUING_NOTE}
          </p>
        )}
        {!finished && !offerOpen && <OrderWait orderNo={detail.order_no} first={firstEta} onFinished={onChanged} />}
        <dl className="acc-dl">
          <dt className="acc-dl__whole">Order number</dt>
          <dd className="acc-dl__whole">
            <OrderNumber orderNo={detail.order_no} />
          </dd>
          <dt>Submitted</dt>
          <dd>{formatDateTime(detail.create_time)}</dd>
          {promised && (
            <>
              <dt>Promised by</dt>
              <dd data-testid="order-promised">{promised}</dd>
            </>
          )}
          {detail.finish_time > 0 && (
            <>
              <dt>Finished</dt>
              <dd>{formatDateTime(detail.finish_time)}</dd>
            </>
          )}
          <dt>Paid into</dt>
          <dd>{String(detail.wallet_type) === '2' ? 'USDT wallet' : `${currency} wallet`}</dd>
        </dl>
        {detail.refused_reason && (
          <div className="acc-warn" style={{ marginTop: 12 }}>
            <p style={{ margin: 0 }}>
              <strong>Reason:</strong> {detail.refused_reason}
            </p>
          </div>
        )}
        <div className="acc-actions">
          <Link className="gl-btn" to={`/homes/help/ask?order=${encodeURIComponent(detail.order_no)}`}>
            Ask about this order
          </Link>
        </div>
      </section>

      {detail.counter_offer && (
        <CounterOfferCard orderNo={detail.order_no} offer={detail.counter_offer} onAnswered={() => onChanged?.()} />
      )}
      {evidence}

      <section className="acc-card" aria-labelledby="order-money-h">
        <h2 id="order-money-h">Quote and payout</h2>
        <dl className="acc-dl">
          <dt>Quote locked at submission</dt>
          <dd data-testid="order-quote">{quoted ? formatMoney(quoted) : 'No quote (no card chosen)'}</dd>
          {/* The quote line by line when a bonus is in it: the card's value, then each bonus by name. */}
          {quoted &&
            (detail.quote?.lines?.length ?? 0) > 1 &&
            detail.quote!.lines!.map((l) => (
              <div key={l.kind} style={{ display: 'contents' }} data-testid={`order-quote-line-${l.kind}`}>
                <dt className="acc-dl__sub">{l.name}</dt>
                <dd>{lineMoney(l.amount, quoted.currency)}</dd>
              </div>
            ))}
          {detail.quote && (
            <>
              <dt>Card</dt>
              <dd>
                {detail.quote.face_value} {detail.quote.card_currency} at{' '}
                {formatMoney(tryParseMoney(detail.quote.effective_rate, quoted?.currency ?? currency) ?? detail.amount)}{' '}
                per {detail.quote.card_currency}
              </dd>
            </>
          )}
          <dt>{finished ? 'Paid to your wallet' : 'Paid so far'}</dt>
          <dd data-testid="order-paid">
            <strong>
              {finished
                ? formatMoney(detail.amount)
                : detail.counter_offer?.status === 'open'
                  ? 'Not yet — waiting for your answer'
                  : 'Not yet — waiting for review'}
            </strong>
          </dd>
          {shownBonuses.map(([label, m]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{formatMoney(m)}</dd>
            </div>
          ))}
          {detail.appeal_credit && detail.appeal_credit.amount_minor > 0n && (
            <>
              <dt>Credited on appeal</dt>
              <dd data-testid="order-appeal-credit">+{formatMoney(detail.appeal_credit)}</dd>
            </>
          )}
          {delay && (
            <>
              <dt>Delay compensation</dt>
              <dd data-testid="order-delay-compensation">+{formatMoney(delay.amount)}</dd>
            </>
          )}
        </dl>
        {delay && (
          <p className="acc-note" data-testid="order-delay-line">
            <strong>{delay.line}.</strong> We decided after the time we promised, so {formatMoney(delay.amount)} was
            added to your wallet automatically.
          </p>
        )}
        {/* A refused order says why above; the gap to the quote is told only for money paid. */}
        {finished && tone !== 'failed' && quoted && diff !== 0n && (
          <p className={diff < 0n ? 'acc-warn' : 'acc-note'} style={{ marginBottom: 0 }}>
            Paid{' '}
            <strong>{formatMoney({ amount_minor: diff < 0n ? -diff : diff, currency: detail.amount.currency })}</strong>{' '}
            {diff < 0n ? 'less' : 'more'} than the quote.{' '}
            {detail.payout_note ? (
              <>Reason: {detail.payout_note}</>
            ) : diff < 0n && detail.keyList.some((l) => l.fail_reason) ? (
              'See the reason on each card below.'
            ) : (
              ''
            )}
          </p>
        )}
      </section>

      <section className="acc-card" aria-labelledby="order-timeline-h">
        <h2 id="order-timeline-h">Timeline</h2>
        <ol className="acc-timeline">
          {timeline.map((e, i) => (
            <li
              key={`${e.status}-${e.time}-${i}`}
              className={isFailedEvent(e.status) ? 'acc-timeline--failed' : undefined}
            >
              <strong>{eventLabel(e.status)}</strong> <span className="acc-muted">{formatDateTime(e.time)}</span>
              {e.note && <div>{e.note}</div>}
            </li>
          ))}
          {!finished && detail.counter_offer?.status !== 'open' && (
            <li className="acc-timeline--next">
              <span className="acc-muted">
                Next: an operator approves your cards and the payout reaches your wallet.
              </span>
            </li>
          )}
        </ol>
      </section>

      <section className="acc-card" aria-labelledby="order-lines-h">
        <h2 id="order-lines-h">Cards</h2>
        {detail.keyList.length === 0 ? (
          <p className="acc-muted">
            An operator adds each card here, with its value and rate, when reviewing your order.
          </p>
        ) : (
          <table className="acc-table">
            <caption className="acc-sr">Each card in this order</caption>
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col" className="num">
                  Face value
                </th>
                <th scope="col" className="num">
                  Rate
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {detail.keyList.map((line, i) => {
                const failed = line.status !== 'success' || !!line.fail_reason;
                return (
                  <tr key={`${line.key}-${i}`}>
                    <td>
                      <strong>{line.card_name || `Card ${i + 1}`}</strong>
                      {line.key && <div className="acc-code acc-muted">{line.key}</div>}
                    </td>
                    <td className="num" data-label="Face value">
                      {failed && !line.facevalue
                        ? '—'
                        : lineFace(line.facevalue, line.card_currency, line.currency_symbol)}
                    </td>
                    <td className="num" data-label="Rate">
                      {failed && !line.purchase_rate
                        ? '—'
                        : formatMoney(tryParseMoney(line.purchase_rate, line.amount.currency) ?? line.amount)}
                    </td>
                    <td className="num" data-label="Amount">
                      {failed ? '—' : formatMoney(line.amount)}
                    </td>
                    <td>
                      {failed ? (
                        <span className="acc-badge acc-badge--failed">
                          Failed{line.fail_reason ? `: ${line.fail_reason}` : ''}
                        </span>
                      ) : (
                        <span className="acc-badge acc-badge--success">Approved</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>

      <section className="acc-card" aria-labelledby="order-photos-h">
        <h2 id="order-photos-h">Photos and codes</h2>
        {rejected.length > 0 && (
          <p className="acc-warn">
            {rejected.length === 1 ? 'One photo was' : `${rejected.length} photos were`} rejected — the reason is under
            each.
          </p>
        )}
        {detail.imageList.length > 0 ? (
          <ul className="acc-photos" aria-label="Photos you sent">
            {detail.imageList.map((img, i) => (
              <li key={`${img.url}-${i}`} className="acc-photo">
                <a href={img.url} target="_blank" rel="noreferrer">
                  <img
                    src={img.url}
                    alt={`Card photo ${i + 1}${img.refused_reason ? ' (rejected)' : ''}`}
                    loading="lazy"
                  />
                </a>
                {img.refused_reason && <span className="acc-photo__reason">Rejected: {img.refused_reason}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="acc-muted">No photos in this order.</p>
        )}
        {detail.user_memo && (
          <>
            <h3 style={{ marginTop: 12 }}>Codes you typed</h3>
            <p className="acc-code" style={{ whiteSpace: 'pre-wrap' }}>
              {detail.user_memo}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
