// Wallet history (wallet/moneyLogList, pages from 0, 20 a page) with its filters, and the detail
// of one entry (wallet/moneyLogDetail) opened in place.
import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from '@giftlane/shared-sdk/router';
import {
  formatDateTime,
  formatMoney,
  useStores,
  type MoneyLog,
  type MoneyLogDetail,
  type MoneyLogFilter,
  Loading,
  LoadError,
} from '@giftlane/shared-sdk';
import { moneyLog, moneyLogEntry } from './api';
import { PagedFooter, usePaged } from '../../lib/paged';
import { SignedChange } from '../../lib/signed-change';
import { ACCRUING_NOTE, pastPromise, promisedTime } from '../../lib/promised';
import { WithdrawWait } from './withdraw-wait';

export const LOG_PAGE_SIZE = 20;
export const LOG_FILTERS: ReadonlyArray<{ value: MoneyLogFilter; label: string }> = [
  { value: 'all', label: 'Everything' },
  { value: 'order', label: 'Card sales' },
  { value: 'withdraw', label: 'Withdrawals' },
  { value: 'transfer', label: 'Reward transfers' },
  { value: 'other', label: 'Other' },
];

/** CONTRACT §6.11: success, failure, or still in progress. */
export function logTone(status: string | undefined): 'success' | 'failed' | 'pending' | undefined {
  const s = (status ?? '').trim().toLowerCase();
  if (!s) return undefined;
  if (['successful', 'success', 'transferred', 'completed', 'approved'].includes(s)) return 'success';
  if (['failed', 'rejected', 'cancelled'].includes(s)) return 'failed';
  return 'pending';
}

function LogDetail({ logId }: { logId: MoneyLog['log_id'] }) {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; data?: MoneyLogDetail; error?: unknown }>(
    { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    moneyLogEntry(logId).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [logId, attempt]);
  if (state.status === 'loading') return <Loading label="Loading the details…" lines={2} />;
  if (state.status === 'error')
    return <LoadError error={state.error} retry={() => setAttempt((n) => n + 1)} what="the details" />;
  const d = state.data!;
  const withdrawal = Boolean(d.withdraw_no);
  const payout = logTone(d.order_status);
  return (
    <dl className="acc-dl" style={{ marginTop: 8 }}>
      {d.balance_amount && (
        <>
          <dt>Balance after</dt>
          <dd>{formatMoney(d.balance_amount)}</dd>
        </>
      )}
      {/* A withdrawal's entry carries its W… number in order_no too: only a card sale links to an order. */}
      {d.order_no && !withdrawal && (
        <>
          <dt>Order</dt>
          <dd>
            <Link to={`/order/${encodeURIComponent(d.order_no)}`}>{d.order_no}</Link>
          </dd>
        </>
      )}
      {withdrawal && (
        <>
          <dt>Withdrawal</dt>
          <dd>
            <span className="acc-code">{d.withdraw_no}</span>{' '}
            <Link className="acc-link" to={`/homes/help/ask?withdrawal=${encodeURIComponent(d.withdraw_no ?? '')}`}>
              Ask about this withdrawal
            </Link>
          </dd>
          {payout === 'failed' ? (
            <>
              <dt>Failed</dt>
              <dd>
                {d.withdraw_deal_time
                  ? `${formatDateTime(d.withdraw_deal_time)} — the amount went back to your wallet`
                  : 'The amount went back to your wallet'}
              </dd>
            </>
          ) : (
            <>
              <dt>Paid out</dt>
              <dd>
                {payout === 'success' && d.withdraw_deal_time ? formatDateTime(d.withdraw_deal_time) : 'Not yet'}
                {payout === 'pending' && d.withdraw_no && <WithdrawWait withdrawNo={d.withdraw_no} />}
              </dd>
            </>
          )}
          {d.promised_time ? (
            <>
              <dt>Promised by</dt>
              <dd>
                {promisedTime(d.promised_time)}
                {payout === 'pending' && pastPromise(d.promised_time) ? ` — ${ACCRUING_NOTE}` : ''}
              </dd>
            </>
          ) : null}
        </>
      )}
      {d.bank_name && (
        <>
          <dt>To</dt>
          <dd>
            {d.bank_name} {d.account_no}
          </dd>
        </>
      )}
      {d.platform_fee && d.platform_fee.amount_minor > 0n && (
        <>
          <dt>Fee</dt>
          <dd>{formatMoney(d.platform_fee)}</dd>
        </>
      )}
      {(d.remark || d.memo) && (
        <>
          <dt>Note</dt>
          <dd>{d.remark || d.memo}</dd>
        </>
      )}
      {d.serial_number && (
        <>
          <dt>Payout reference</dt>
          <dd className="acc-code">{d.serial_number}</dd>
        </>
      )}
    </dl>
  );
}

export function LogRow({ log }: { log: MoneyLog }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const credit = log.amount.amount_minor > 0n;
  const tone = logTone(log.order_status);
  return (
    <div className="acc-item acc-item--plain">
      <div className="acc-item__main">
        <div className="acc-row">
          <span className="acc-item__title">{log.name || log.memo || log.type}</span>
          <SignedChange credit={credit} text={formatMoney(log.amount)} />
        </div>
        {/* A delay compensation says its tier and how late we were: "Delay compensation 1 % — 42 min late". */}
        {log.type === 'compensation' && log.memo && <span className="acc-muted">{log.memo}</span>}
        <div className="acc-row">
          <span className="acc-muted">{formatDateTime(log.create_time)}</span>
          {tone && <span className={`acc-badge acc-badge--${tone}`}>{log.order_status}</span>}
        </div>
        {tone === 'pending' && log.promised_time ? (
          <span className={pastPromise(log.promised_time) ? 'acc-error-text' : 'acc-muted'}>
            Promised by {promisedTime(log.promised_time)}
            {pastPromise(log.promised_time) ? ' — late: compensation is accruing' : ''}
          </span>
        ) : null}
        <div>
          <button
            type="button"
            className="gl-btn"
            style={{ minHeight: 36, padding: '0 12px' }}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide details' : 'Details'}
          </button>
        </div>
        <div id={id}>{open && <LogDetail logId={log.log_id} />}</div>
      </div>
    </div>
  );
}

/** The local wallet's option, named by the seller's currency once the profile is in (read inside an observer). */
const LocalWalletOption = observer(function LocalWalletOption() {
  const { user } = useStores();
  return <option value={1}>{user.currency ?? 'Local'} wallet</option>;
});

export function WalletHistory() {
  const id = useId();
  const [type, setType] = useState<MoneyLogFilter>('all');
  const [walletType, setWalletType] = useState<1 | 2>(1);
  const list = usePaged<MoneyLog>(
    (page, page_size) => moneyLog({ type, wallet_type: walletType, page, page_size }),
    LOG_PAGE_SIZE,
    [type, walletType],
  );
  const { items } = list;
  return (
    <div className="acc-page" style={{ gap: 12 }}>
      <div className="acc-grid acc-grid--2">
        <label className="acc-field" htmlFor={`${id}-type`}>
          <span>Show</span>
          <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as MoneyLogFilter)}>
            {LOG_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="acc-field" htmlFor={`${id}-wallet`}>
          <span>Wallet</span>
          <select
            id={`${id}-wallet`}
            value={walletType}
            onChange={(e) => setWalletType(Number(e.target.value) === 2 ? 2 : 1)}
          >
            <LocalWalletOption />
            <option value={2}>USDT wallet</option>
          </select>
        </label>
      </div>
      {items.length > 0 && (
        <ul className="acc-list" aria-label="Wallet entries">
          {items.map((log) => (
            <li key={String(log.log_id)}>
              <LogRow log={log} />
            </li>
          ))}
        </ul>
      )}
      <PagedFooter
        list={list}
        what="your wallet history"
        empty="Nothing here yet. Money in and out of this wallet will show here."
      />
    </div>
  );
}
