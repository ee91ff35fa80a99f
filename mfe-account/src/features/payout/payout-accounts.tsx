// Payout accounts (CONTRACT §2.5): the saved accounts per method with the default marked, make one
// the default, remove one (refused by the api while a withdrawal to it is open), and add one. The
// add form follows the api's form_list for the method: a bank account or a mobile money wallet is
// looked up (payment/verify) and saved under the name the bank or network gives, never one the user
// types; USDT needs the network and the address. A seller without a transaction password sets it in this
// same form (new + repeat; the api saves both or neither), and the wait before a new account can be paid
// to is said before it is added, in the api's figure. Where mobile money is offered (Ghana) it is the
// method first chosen.
import { errorRef } from '@giftlane/shared-sdk/error-reference';
import { useId, useState, type FormEvent } from 'react';
import {
  errorMessage,
  Loading,
  LoadError,
  pinInput,
  useData,
  validateNewPin,
  validatePin,
  type PaymentMethod,
} from '@giftlane/shared-sdk';
import {
  institutionsFor,
  loadAccounts,
  lookUpName,
  makeDefault,
  removeAccount,
  saveAccount,
  type WalletKind,
} from './api';
import { FormActions, FormMessage, failure, type Feedback } from '../../lib/form-message';
import { LoginPasswordField } from '../../lib/login-password';
import { accountLabel } from '../../lib/account-label';

interface Option {
  id: string;
  label: string;
}

export function PayoutAccounts({
  pinSet: pinSetOnPage = false,
  onPinSet,
}: {
  /** Set elsewhere on the page since the accounts loaded. */
  pinSet?: boolean;
  /** Told when the first transaction password is set with an account here. */
  onPinSet?: () => void;
} = {}) {
  const data = useData(loadAccounts, []);
  const [pinSetHere, setPinSetHere] = useState(false);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | undefined>();
  const [message, setMessage] = useState<Feedback>();

  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    setMessage(undefined);
    try {
      await run();
      setMessage({ kind: 'ok', text: done });
      data.retry();
    } catch (error) {
      setMessage(failure(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="acc-fieldset" aria-labelledby="payout-heading">
      <h2 id="payout-heading">Payout accounts</h2>
      <p className="acc-muted" style={{ margin: 0 }}>
        Where your withdrawals are paid. The default account is picked first on the withdrawal form.
      </p>
      <FormMessage feedback={message} />
      {data.status === 'loading' && <Loading label="Loading your payout accounts…" />}
      {data.status === 'error' && <LoadError error={data.error} retry={data.retry} what="your payout accounts" />}
      {data.status === 'ready' && (
        <>
          {data.data.groups.every((g) => g.data_list.length === 0) ? (
            <p className="acc-empty">No payout account yet. Add one to withdraw.</p>
          ) : (
            data.data.groups
              .filter((g) => g.data_list.length)
              .map((g) => (
                <div key={g.code}>
                  <h3>{g.name}</h3>
                  <ul className="acc-list" aria-label={g.name}>
                    {g.data_list.map((a) => (
                      <li key={a.bank_id} className="acc-item acc-item--plain" aria-label={accountLabel(a)}>
                        <div className="acc-item__main">
                          <div className="acc-row">
                            <span className="acc-item__title">{a.bank_name}</span>
                            {Number(a.is_def) === 1 && <span className="acc-badge acc-badge--success">Default</span>}
                          </div>
                          <span className="acc-code" style={{ overflowWrap: 'anywhere' }}>
                            {a.account_no}
                          </span>
                          {a.account_name && <span className="acc-muted">{a.account_name}</span>}
                          <div className="acc-actions" style={{ marginTop: 6 }}>
                            {Number(a.is_def) !== 1 && (
                              <button
                                type="button"
                                className="gl-btn"
                                disabled={!!busy}
                                onClick={() =>
                                  act(
                                    `def-${a.bank_id}`,
                                    () => makeDefault(a.bank_id),
                                    `${a.bank_name} is now your default account.`,
                                  )
                                }
                              >
                                Make default
                              </button>
                            )}
                            <button
                              type="button"
                              className="gl-btn"
                              disabled={!!busy}
                              onClick={() => {
                                if (window.confirm(`Remove ${accountLabel(a)}?`))
                                  void act(`del-${a.bank_id}`, () => removeAccount(a.bank_id), 'Account removed.');
                              }}
                            >
                              Remove
                            </button>
                          </div>
                        </div>
                      </li>
                    ))}
                  </ul>
                </div>
              ))
          )}
          {adding ? (
            <AddAccount
              methods={data.data.methods}
              hasPin={data.data.pinSet || pinSetOnPage || pinSetHere}
              wait={data.data.wait}
              onCancel={() => setAdding(false)}
              onSaved={(text, pinWasSet) => {
                setAdding(false);
                setMessage({ kind: 'ok', text });
                if (pinWasSet) {
                  setPinSetHere(true);
                  onPinSet?.();
                }
                data.retry();
              }}
            />
          ) : (
            data.data.methods.length > 0 && (
              <div className="acc-actions">
                {data.data.wait && (
                  <p className="acc-muted" style={{ margin: 0, flexBasis: '100%' }}>
                    Money can be sent to a new payout account {data.data.wait} after you add it: add it before you need
                    it.
                  </p>
                )}
                <button type="button" className="gl-btn gl-btn--primary" onClick={() => setAdding(true)}>
                  Add a payout account
                </button>
              </div>
            )
          )}
        </>
      )}
    </section>
  );
}

function AddAccount({
  methods,
  hasPin,
  wait,
  onCancel,
  onSaved,
}: {
  methods: Array<PaymentMethod & { wallet: WalletKind }>;
  hasPin: boolean;
  wait: string;
  onCancel: () => void;
  onSaved: (text: string, pinWasSet: boolean) => void;
}) {
  const id = useId();
  // Mobile money is offered in Ghana only, where most sellers are paid that way: it is chosen first there.
  const [code, setCode] = useState((methods.find((m) => m.code === 'MOMO') ?? methods[0])?.code ?? '');
  const method = methods.find((m) => m.code === code) ?? methods[0];
  const field = (name: string) => method?.form_list.find((f) => f.code === name);
  const institutions = useData(async (): Promise<Option[]> => (method ? institutionsFor(method) : []), [method?.code]);
  const [bankId, setBankId] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [verified, setVerified] = useState<string | undefined>();
  const [loginPassword, setLoginPassword] = useState('');
  const [pin, setPin] = useState('');
  const [pinRepeat, setPinRepeat] = useState('');
  const [state, setState] = useState<
    { status: 'idle' | 'busy' } | { status: 'error'; text: string; reference?: string }
  >({ status: 'idle' });
  const looksUp = method?.code === 'BANK' || method?.code === 'MOMO';
  const numeric = field('account_no')?.type === 4;

  const reset = () => {
    setVerified(undefined);
    if (state.status === 'error') setState({ status: 'idle' });
  };

  const verify = async () => {
    if (!bankId || !accountNo.trim()) {
      return setState({
        status: 'error',
        text:
          `Choose the ${(field('bank_id')?.name ?? 'bank').toLowerCase()} and enter the ` +
          `${(field('account_no')?.name ?? 'account number').toLowerCase()} first.`,
      });
    }
    setState({ status: 'busy' });
    try {
      const r = await lookUpName(bankId, accountNo.trim());
      setVerified(r.user_name);
      setState({ status: 'idle' });
    } catch (error) {
      setState({
        status: 'error',
        text: errorMessage(error, 'We could not look up this account. Please try again.'),
        reference: errorRef(error),
      });
    }
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!method) return;
    if (!bankId)
      return setState({ status: 'error', text: `Choose the ${(field('bank_id')?.name ?? 'bank').toLowerCase()}.` });
    if (!accountNo.trim())
      return setState({
        status: 'error',
        text: `Enter the ${(field('account_no')?.name ?? 'account number').toLowerCase()}.`,
      });
    if (looksUp && !verified)
      return setState({ status: 'error', text: 'Look up the account name first, so you can check it is yours.' });
    const pinProblem = hasPin ? validatePin(pin) : validateNewPin(pin, pinRepeat);
    if (pinProblem) return setState({ status: 'error', text: pinProblem });
    setState({ status: 'busy' });
    try {
      const saved = await saveAccount({
        payment_id: method.payment_id,
        bank_id: bankId,
        account_no: accountNo.trim(),
        account_name: verified ?? '',
        password: loginPassword,
        ...(hasPin ? { t_password: pin } : { new_t_password: pin }),
      });
      const account = Number(saved.is_def) === 1 ? 'Account saved as your default.' : 'Account saved.';
      onSaved(hasPin ? account : `Transaction password set. ${account}`, !hasPin);
    } catch (error) {
      setState({
        status: 'error',
        text: errorMessage(error, 'We could not save this account. Please try again.'),
        reference: errorRef(error),
      });
    }
  };

  const busy = state.status === 'busy';
  const pinInputField = (label: string, value: string, set: (v: string) => void) => (
    <label className="acc-field">
      {label}
      <input
        type="password"
        inputMode="numeric"
        autoComplete={hasPin ? 'off' : 'new-password'}
        maxLength={6}
        value={value}
        disabled={busy}
        onChange={(e) => set(pinInput(e.target.value))}
      />
    </label>
  );
  return (
    <form className="acc-form" onSubmit={save} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>Add a payout account</h3>
      {methods.length > 1 && (
        <fieldset className="acc-choices">
          <legend>Method</legend>
          {methods.map((m) => (
            <label key={m.code} className="acc-choice">
              <input
                type="radio"
                name={`${id}-method`}
                checked={m.code === method?.code}
                onChange={() => {
                  setCode(m.code);
                  setBankId('');
                  reset();
                }}
              />
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="acc-field">
        {field('bank_id')?.name ?? 'Bank'}
        {institutions.status === 'error' ? (
          <LoadError error={institutions.error} retry={institutions.retry} what="the list" />
        ) : (
          <select
            value={bankId}
            disabled={institutions.status !== 'ready' || busy}
            onChange={(e) => {
              setBankId(e.target.value);
              reset();
            }}
          >
            <option value="">
              {institutions.status === 'loading' ? 'Loading…' : (field('bank_id')?.placeholder ?? 'Choose')}
            </option>
            {institutions.status === 'ready' &&
              institutions.data.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
          </select>
        )}
      </label>
      <label className="acc-field">
        {field('account_no')?.name ?? 'Account number'}
        <input
          value={accountNo}
          inputMode={numeric ? 'numeric' : 'text'}
          autoComplete="off"
          maxLength={field('account_no')?.len && numeric ? Math.max(field('account_no')!.len! + 4, 12) : 100}
          placeholder={field('account_no')?.placeholder}
          disabled={busy}
          onChange={(e) => {
            setAccountNo(numeric ? e.target.value.replace(/[^\d\s]/g, '') : e.target.value);
            reset();
          }}
        />
      </label>
      {looksUp && (
        <div className="acc-actions">
          <button type="button" className="gl-btn" onClick={verify} disabled={busy}>
            Look up account name
          </button>
          {verified && (
            <span role="status">
              Account name: <strong data-testid="verified-name">{verified}</strong>
            </span>
          )}
        </div>
      )}
      <p className="acc-muted" style={{ margin: 0 }}>
        {hasPin
          ? 'To keep your money safe, confirm with your login password and transaction password.'
          : 'To keep your money safe, confirm with your login password and choose your transaction password: six ' +
            'digits you will enter for every withdrawal. It is set together with this account.'}
        {wait
          ? ` For your safety, money can be sent to a new account ${wait} after it is added.`
          : ' Money can be sent to a new account as soon as it is added.'}
      </p>
      <LoginPasswordField value={loginPassword} onChange={setLoginPassword} disabled={busy} />
      <div className="acc-grid acc-grid--2">
        {pinInputField(hasPin ? 'Transaction password' : 'Choose a transaction password', pin, setPin)}
        {!hasPin && pinInputField('Repeat it', pinRepeat, setPinRepeat)}
      </div>
      <FormMessage
        feedback={
          state.status === 'error' ? { kind: 'error', text: state.text, reference: state.reference } : undefined
        }
      />
      <FormActions
        submit={hasPin ? 'Save account' : 'Set password and save account'}
        busyLabel="Please wait…"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
