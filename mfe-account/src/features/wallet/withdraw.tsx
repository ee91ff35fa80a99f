// Withdraw (CONTRACT §5): what can be withdrawn now (the api's figure) with every hold on the rest,
// its limits and fee, the payout account (the default first), the amount and the transaction password. One withdrawal
// the user means carries one idempotency key, so a retry after a lost reply returns the first withdrawal instead of
// paying twice; changing any field makes it a new withdrawal. The api checks limits, balance and PIN; its words
// are shown as they come.
import { errorRef } from '@giftlane/shared-sdk/error-reference';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '@giftlane/shared-sdk/router';
import {
  errorMessage,
  formatMoney,
  Loading,
  LoadError,
  moneyToDecimalString,
  pinInput,
  tryParseMoney,
  useData,
  validatePin,
  type Money,
  type MoneyHold,
  type WithdrawResult,
} from '@giftlane/shared-sdk';
import { loadWithdraw, withdraw, type Wallet } from './api';
import { early } from '../../lib/early';
import { accountLabel, accountNumber } from '../../lib/account-label';
import { FormMessage } from '../../lib/form-message';
import { promisedTime } from '../../lib/promised';
import { WithdrawWait } from './withdraw-wait';
import { HoldItems } from './holds';

/** Said by the identity note below (the same api figures), so not repeated in the holds. */
const KYC_HOLDS = new Set(['verify_identity', 'kyc_daily_limit', 'kyc_single_limit']);

/**
 * Why an amount above what is available now cannot leave, in the api's words: the first hold is what
 * stops everything, or the tightest limit (the api lists them so); the bare figure without one.
 */
const tooMuch = (d: { available?: Money; holds: MoneyHold[] }) =>
  d.holds.find((h) => h.kind !== 'pending_withdrawals')?.message ??
  `You can withdraw at most ${d.available ? formatMoney(d.available) : ''} now.`;

const newKey = () => `wd-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function WithdrawPanel({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [wallet, setWallet] = useState<Wallet>(1);
  const data = useData(() => early(`withdraw:${wallet}`, () => loadWithdraw(wallet)), [wallet]);
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [state, setState] = useState<
    | { status: 'idle' | 'busy' }
    | { status: 'error'; text: string; reference?: string }
    | { status: 'done'; result: WithdrawResult; account: string }
  >({ status: 'idle' });
  // Each field says what is wrong with it, all at once: an empty PIN never hides the amount's problem.
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; pin?: string }>({});
  const key = useRef<string | undefined>(undefined);
  const busy = state.status === 'busy';

  const touch = () => {
    key.current = undefined;
    if (state.status === 'error') setState({ status: 'idle' });
  };

  if (state.status === 'done') {
    return (
      <div className="acc-success" role="status">
        <p>
          <strong>Withdrawal requested.</strong> {formatMoney(state.result.withdraw_amount)} to {state.account}. Number{' '}
          <span className="acc-code">{state.result.withdraw_no}</span>. The amount is held in your wallet until it is
          paid; you will be notified.
          {state.result.promised_time ? (
            <>
              {' '}
              <span data-testid="withdraw-promised">Promised by {promisedTime(state.result.promised_time)}</span>: if we
              pay it later, delay compensation is added to your wallet automatically.
            </>
          ) : null}
        </p>
        <WithdrawWait withdrawNo={state.result.withdraw_no} />
        <div className="acc-actions" style={{ marginTop: 10 }}>
          <Link className="gl-btn" to="/wallet/history">
            See it in your history
          </Link>
          <button
            type="button"
            className="gl-btn"
            onClick={() => {
              setAmount('');
              setPin('');
              setState({ status: 'idle' });
              data.retry();
            }}
          >
            Make another withdrawal
          </button>
        </div>
      </div>
    );
  }

  const d = data.status === 'ready' ? data.data : undefined;
  const account =
    d?.accounts.find((a) => String(a.bank_id) === accountId) ??
    d?.accounts.find((a) => Number(a.is_def) === 1) ??
    d?.accounts[0];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!d || busy) return;
    const money = tryParseMoney(amount.trim(), d.currency);
    const amountProblem =
      (!money || money.amount_minor <= 0n ? 'Enter a valid amount' : undefined) ||
      (money && d.minimum && d.minimum.amount_minor > 0n && money.amount_minor < d.minimum.amount_minor
        ? `The smallest withdrawal is ${formatMoney(d.minimum)}.`
        : undefined) ||
      (money && d.available && money.amount_minor > d.available.amount_minor ? tooMuch(d) : undefined);
    const errors = { amount: amountProblem, pin: validatePin(pin) };
    setFieldErrors(errors);
    if (!account) return setState({ status: 'error', text: 'Add a payout account first.' });
    if (errors.amount || errors.pin || !money) return setState({ status: 'idle' });
    key.current ??= newKey();
    setState({ status: 'busy' });
    try {
      const result = await withdraw({
        bank_id: account.bank_id,
        amount: money,
        password: pin,
        idempotency_key: key.current,
      });
      key.current = undefined;
      setPin('');
      setState({ status: 'done', result, account: accountLabel(account) });
      onDone();
    } catch (error) {
      // The PIN stays: after a wrong one the seller corrects it rather than typing it all again.
      setState({
        status: 'error',
        text: errorMessage(error, 'We could not request the withdrawal. Please try again.'),
        reference: errorRef(error),
      });
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Withdraw</h2>
      <fieldset className="acc-choices">
        <legend>From</legend>
        {([1, 2] as const).map((w) => (
          <label key={w} className="acc-choice">
            <input
              type="radio"
              name={`${id}-wallet`}
              checked={wallet === w}
              disabled={busy}
              onChange={() => {
                setWallet(w);
                setAccountId('');
                setAmount('');
                touch();
              }}
            />
            <span>{w === 1 ? 'Cash wallet' : 'USDT wallet'}</span>
          </label>
        ))}
      </fieldset>
      {data.status === 'loading' && <Loading label="Loading what you can withdraw…" />}
      {data.status === 'error' && <LoadError error={data.error} retry={data.retry} what="your withdrawal details" />}
      {d && (
        <form className="acc-form" onSubmit={submit} noValidate>
          {d.holds.some((h) => !KYC_HOLDS.has(h.kind)) && (
            <HoldItems holds={d.holds.filter((h) => !KYC_HOLDS.has(h.kind))} testId="withdraw-holds" />
          )}
          {d.kyc && d.kyc.level === 0 && (
            <p className="acc-note acc-note--warn" data-testid="withdraw-kyc">
              Verify your identity to withdraw: it takes a minute. <Link to="/settings#verification">Verify now</Link>
            </p>
          )}
          {d.kyc && d.kyc.level > 0 && (
            <p className="acc-note" data-testid="withdraw-kyc">
              Today you can withdraw up to{' '}
              <strong data-testid="withdraw-remaining">{formatMoney(d.kyc.remaining_today)}</strong> (level{' '}
              {d.kyc.level}: {formatMoney(d.kyc.daily_limit)} a day, {formatMoney(d.kyc.single_limit)} at once).
              {d.kyc.next_level && (
                <>
                  {' '}
                  <Link to="/settings#verification">Verify to level {d.kyc.next_level.level}</Link> for{' '}
                  {formatMoney(d.kyc.next_level.daily_limit)} a day.
                </>
              )}
            </p>
          )}
          <dl className="acc-dl">
            <dt>Available now</dt>
            <dd data-testid="withdraw-available">{d.available ? formatMoney(d.available) : '–'}</dd>
            {d.minimum && (
              <>
                <dt>Minimum</dt>
                <dd>{formatMoney(d.minimum)}</dd>
              </>
            )}
            {d.maximum && d.kyc?.level !== 0 && (
              <>
                <dt>Maximum</dt>
                <dd>{formatMoney(d.maximum)}</dd>
              </>
            )}
            {d.fee && (
              <>
                <dt>Fee</dt>
                <dd>{d.fee.amount_minor > 0n ? formatMoney(d.fee) : 'None'}</dd>
              </>
            )}
            {d.timeout && (
              <>
                <dt>Paid within</dt>
                <dd>{d.timeout}</dd>
              </>
            )}
            {d.lateMaxPercent && Number(d.lateMaxPercent) > 0 && d.promiseMinutes ? (
              <>
                <dt>If we are late</dt>
                <dd data-testid="withdraw-late">
                  Not paid within {d.promiseMinutes} min: up to {d.lateMaxPercent} % added automatically
                </dd>
              </>
            ) : null}
          </dl>
          {d.accounts.length === 0 ? (
            <p className="acc-empty">
              No payout account for this wallet yet. <Link to="/settings">Add one in Settings</Link>.
            </p>
          ) : (
            // Each account whole, its holder's name on a line of its own: a phone's select cut it short.
            <fieldset className="acc-accounts">
              <legend>To</legend>
              {d.accounts.map((a) => (
                <label key={a.bank_id} className="acc-account">
                  <input
                    type="radio"
                    name={`${id}-account`}
                    value={String(a.bank_id)}
                    checked={account?.bank_id === a.bank_id}
                    disabled={busy}
                    onChange={() => {
                      setAccountId(String(a.bank_id));
                      touch();
                    }}
                  />
                  <span>
                    <span className="acc-account__bank">
                      {a.bank_name} · {accountNumber(a.account_no)}
                      {Number(a.is_def) === 1 ? ' (default)' : ''}
                    </span>
                    {a.account_name && <span className="acc-account__name">{a.account_name}</span>}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {/* Staff marked this account's payout rail delayed: said before an amount is typed. */}
          {account?.rail_notice && (
            <p className="acc-rail-notice" role="status" data-testid="withdraw-rail-notice">
              <strong>Payouts delayed:</strong> {account.rail_notice}
            </p>
          )}
          <label className="acc-field">
            Amount ({d.currency})
            <input
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={busy}
              aria-invalid={fieldErrors.amount ? true : undefined}
              aria-describedby={fieldErrors.amount ? `${id}-amount-error` : undefined}
              placeholder={d.minimum ? `From ${formatMoney(d.minimum)}` : undefined}
              onChange={(e) => {
                setAmount(e.target.value.replace(/[^\d.]/g, ''));
                setFieldErrors((f) => ({ ...f, amount: undefined }));
                touch();
              }}
            />
          </label>
          {fieldErrors.amount && (
            <p id={`${id}-amount-error`} className="acc-field__error" role="alert">
              {fieldErrors.amount}
            </p>
          )}
          <div className="acc-actions">
            <button
              type="button"
              className="gl-btn"
              disabled={busy || !d.available || d.available.amount_minor <= 0n}
              onClick={() => {
                if (d.available) setAmount(moneyToDecimalString(d.available));
                touch();
              }}
            >
              Withdraw all
            </button>
          </div>
          {d.hasPin ? (
            <label className="acc-field">
              Transaction password
              <input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                value={pin}
                disabled={busy}
                aria-invalid={fieldErrors.pin ? true : undefined}
                aria-describedby={fieldErrors.pin ? `${id}-pin-error` : undefined}
                onChange={(e) => {
                  setPin(pinInput(e.target.value));
                  setFieldErrors((f) => ({ ...f, pin: undefined }));
                }}
              />
            </label>
          ) : null}
          {d.hasPin && fieldErrors.pin && (
            <p id={`${id}-pin-error`} className="acc-field__error" role="alert">
              {fieldErrors.pin}
            </p>
          )}
          {!d.hasPin && (
            <p className="acc-warn">
              Set a transaction password before your first withdrawal. <Link to="/settings">Set it in Settings</Link>.
            </p>
          )}
          <FormMessage
            feedback={
              state.status === 'error' ? { kind: 'error', text: state.text, reference: state.reference } : undefined
            }
          />
          <button
            type="submit"
            className="gl-btn gl-btn--primary acc-submit"
            disabled={busy || !d.hasPin || d.accounts.length === 0 || d.kyc?.level === 0}
          >
            {busy ? 'Requesting…' : 'Withdraw'}
          </button>
        </form>
      )}
    </section>
  );
}
