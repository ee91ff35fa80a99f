// /status — the public status board, from real data (public/status): how long card reviews take
// right now per card family, and whether each payout rail (each bank transfer route, mobile money
// network and USDT network) is paying normally or delayed, with what staff said. Plain elements
// and words, no colour alone: light on bytes and readable at 360 px and without JavaScript.
import { Link } from '@giftlane/shared-sdk/router';
import { Async, formatDateTime, type StatusBoard } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { useStatusBoard } from '../lib/api';
import { minutesText, payTimeText, railGroups, railStateText, summary } from '../features/status/status-model';

/** Times in GMT, the same on the edge and in the browser (Ghana's time; Nigeria is an hour ahead). */
const gmt = (seconds: number) => `${formatDateTime(seconds, { timeZone: 'UTC' })} GMT`;

function Payouts({ board }: { board: StatusBoard }) {
  return (
    <section className="pub-section" aria-labelledby="status-payouts-h">
      <h2 id="status-payouts-h">Payouts</h2>
      <p className="pub-muted">
        We promise to pay a withdrawal within {minutesText(board.promised_payout_minutes)}. A network is delayed when
        payouts on it wait longer than that, or when our payments team says so.
      </p>
      {railGroups(board).map((g) => (
        <div key={g.method} className="pub-status-group">
          <h3>{g.title}</h3>
          <ul className="pub-status" aria-label={g.title}>
            {g.rails.map((r) => (
              <li
                key={r.code}
                className={`pub-status__item pub-status__item--${r.state}`}
                data-testid={`rail-${r.code}`}
              >
                <div className="pub-status__row">
                  <span className="pub-status__name">{r.name}</span>
                  <span className={`pub-status__state pub-status__state--${r.state}`}>{railStateText(r)}</span>
                </div>
                {r.state === 'delayed' && r.message && <p className="pub-status__message">{r.message}</p>}
                <p className="pub-muted pub-status__meta">
                  {payTimeText(r)}
                  {r.waiting > 0 ? ` · ${r.waiting} waiting` : ''}
                  {r.state === 'delayed' && r.since > 0 ? ` · since ${gmt(r.since)}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function Reviews({ board }: { board: StatusBoard }) {
  return (
    <section className="pub-section" aria-labelledby="status-reviews-h">
      <h2 id="status-reviews-h">Card review times</h2>
      <p className="pub-muted">
        From submission to decision, the median of each card’s recent orders; where a card had none lately, its usual
        time.
      </p>
      <div className="pub-scroll" tabIndex={0} role="region" aria-label="Card review times table">
        <table className="pub-table">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col" className="pub-num">
                Review time
              </th>
              <th scope="col" className="pub-num">
                In queue
              </th>
            </tr>
          </thead>
          <tbody>
            {board.families.map((f) => (
              <tr key={f.category_id}>
                <th scope="row">{f.name}</th>
                <td className="pub-num">
                  {minutesText(f.review_minutes)}
                  {f.basis === 'usual' && <span className="pub-muted"> (usual)</span>}
                </td>
                <td className="pub-num">{f.waiting}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function StatusPage() {
  const board = useStatusBoard();
  return (
    <Page
      title="Service status"
      description={
        'Live GiftLane status: how long gift card reviews take right now, and whether bank transfer, MTN MoMo, ' +
        'Telecel Cash, AT Money and USDT payouts are paying normally.'
      }
      lead={
        'Live from our queue: how long card reviews take right now, and whether each payout network is paying ' +
        'normally.'
      }
    >
      <Async state={board} what="the status" lines={8}>
        {(b) => (
          <>
            <p className="pub-band" role="status" data-testid="status-summary">
              {summary(b)}
            </p>
            <p className="pub-muted">Updated {gmt(b.updated_at)}.</p>
            <Payouts board={b} />
            <Reviews board={b} />
          </>
        )}
      </Async>
      <section className="pub-section">
        <h2>Waiting on an order or a withdrawal?</h2>
        <p>
          Your order page shows your own estimate and how many orders are ahead of yours. Still stuck?{' '}
          <Link to="/contact">Contact us</Link> or read the <Link to="/faq">FAQ</Link>.
        </p>
      </section>
    </Page>
  );
}
