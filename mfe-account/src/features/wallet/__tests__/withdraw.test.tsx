import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, NO_ANSWER, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { WithdrawPanel } from '../withdraw';

const account = {
  bank_id: 7,
  is_def: 1 as const,
  bank_name: 'Access Bank',
  account_no: '0123456789',
  account_name: 'ADA OBI',
};

// CONTRACT §3.10 as the api sends it (amounts as text).
const information = {
  cashable_amount: '50000.00',
  cashable_usd_amount: '0.0000',
  minimum_amount: '1500.00',
  currency_name: 'NGN',
  maximum_amount: '5000000.00',
  fee: '0.00',
  timeout_desc: 'Usually within 30 minutes',
  overdue_time: '30',
  overdue_max_percent: '3',
  available_now: '50000.00',
  holds: [],
};

let api: TestApi;
beforeEach(() => {
  api = testApi({
    'withdraw/information': information,
    'payment/list': [{ payment_id: 1, code: 'BANK', name: 'Bank account', data_list: [account] }],
  });
});

describe('withdraw panel', () => {
  it('sends one idempotency key for one withdrawal, also when a lost reply makes the user press again', async () => {
    const onDone = jest.fn();
    api.answer('withdraw/apply', NO_ANSWER, {
      withdraw_no: 'W123',
      withdraw_amount: '2000.00',
      fee: '0.00',
      total_amount: 48000,
      wallet_type: 1,
      log_id: 1,
      promised_time: Math.floor(Date.now() / 1000) + 1800,
    });
    render(inRouter(<WithdrawPanel onDone={onDone} />));
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('₦50,000.00');
    expect(screen.queryByText('Withdrawable')).not.toBeInTheDocument();
    expect(screen.getByTestId('withdraw-late')).toHaveTextContent(
      'Not paid within 30 min: up to 3 % added automatically',
    );
    expect(screen.getByRole('radio', { name: 'Access Bank · 0123456789 (default) ADA OBI' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '2000');
    await userEvent.type(screen.getByLabelText('Transaction password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please check your network and try again.',
    );
    await userEvent.type(screen.getByLabelText('Transaction password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal requested.')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-promised')).toHaveTextContent(/^Promised by \d{2}:\d{2}|^Promised by \d/);
    const [first, second] = api.callsTo('withdraw/apply');
    expect(first!.idempotency_key).toMatch(/^wd-/);
    expect(second!.idempotency_key).toBe(first!.idempotency_key);
    expect(second).toMatchObject({ bank_id: '7', amount: '2000.00', password: '246810' });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('refuses more than is available now and a short PIN before calling the api', async () => {
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    await screen.findByTestId('withdraw-available');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '60000');
    await userEvent.type(screen.getByLabelText('Transaction password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can withdraw at most ₦50,000.00 now.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount (NGN)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw all' }));
    expect(screen.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveValue('50000.00');
    await userEvent.clear(screen.getByLabelText('Transaction password'));
    await userEvent.type(screen.getByLabelText('Transaction password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction password must be exactly 6 digits');
    expect(api.callsTo('withdraw/apply')).toHaveLength(0);
  });

  it('above what is available now, says the limit that holds it back in the api’s words', async () => {
    const daily =
      'You can withdraw ₦48,000.00 more today (your daily limit at level 1 is ₦50,000.00). The limit resets on 27 ' +
      'Nov 2026, 00:00 Lagos time.';
    api = testApi({
      'withdraw/information': {
        ...information,
        available_now: '48000.00',
        holds: [
          { kind: 'pending_withdrawals', title: 'Being paid out', message: 'On its way', until: 1, amount: '2000' },
          { kind: 'kyc_daily_limit', title: "Today's limit", message: daily, until: 1, amount: '2000.00' },
        ],
      },
      'payment/list': [{ payment_id: 1, code: 'BANK', name: 'Bank account', data_list: [account] }],
    });
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('₦48,000.00');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '49000');
    await userEvent.type(screen.getByLabelText('Transaction password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(daily);
    expect(api.callsTo('withdraw/apply')).toHaveLength(0);
  });

  it('shows the amount’s problem and the PIN’s at once (an empty PIN never hides the amount error)', async () => {
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    await screen.findByTestId('withdraw-available');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '60000');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'You can withdraw at most ₦50,000.00 now.',
        expect.stringMatching(/Transaction password/),
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'Amount (NGN)' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('withdraw/apply')).toHaveLength(0);
  });

  it('keeps the PIN after the api refuses it, so the seller corrects it instead of typing it again', async () => {
    api.answer('withdraw/apply', new Refusal('Wrong transaction password, 4 tries left'));
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    await screen.findByTestId('withdraw-available');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '1000');
    await userEvent.type(screen.getByLabelText('Transaction password'), '246811');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    // Below the minimum is said before any call; the PIN is kept.
    expect(await screen.findByRole('alert')).toHaveTextContent('The smallest withdrawal is ₦1,500.00.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount (NGN)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong transaction password, 4 tries left');
    expect(screen.getByLabelText('Transaction password')).toHaveValue('246811');
  });

  it('says every hold in the api’s words before an amount is typed, and shows each account whole', async () => {
    const cooling =
      'For your safety, a new payout account can be paid to 24 hours after it is added. You can withdraw to ' +
      'Access Bank 0123456789 from 27 Nov 2026, 04:45 Lagos time.';
    const long = { ...account, bank_id: 8, is_def: 2 as const, account_name: 'CHINEDU EMEKA OKONKWO-ADEBAYO' };
    api = testApi({
      'withdraw/information': {
        ...information,
        available_now: '0.00',
        holds: [
          { kind: 'payout_account_cooling_off', title: 'New payout account', message: cooling, until: 1, amount: '1' },
          { kind: 'kyc_daily_limit', title: "Today's limit", message: 'Said by the note', until: 1, amount: '1' },
        ],
        kyc: {
          level: 1,
          single_limit: '50000.00',
          daily_limit: '50000.00',
          remaining_today: '50000.00',
          next_level: null,
        },
      },
      'payment/list': [{ payment_id: 1, code: 'BANK', name: 'Bank account', data_list: [account, long] }],
    });
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('₦0.00');
    const holds = screen.getByTestId('withdraw-holds');
    expect(holds).toHaveTextContent(`New payout account${cooling}`);
    expect(holds).not.toHaveTextContent(/until/);
    // The identity level's limit is said once, by its own note.
    expect(holds).not.toHaveTextContent('Said by the note');
    expect(screen.getByTestId('withdraw-remaining')).toHaveTextContent('₦50,000.00');
    expect(screen.getByRole('button', { name: 'Withdraw all' })).toBeDisabled();
    // The holder's name whole, on a line of its own.
    const other = screen.getByRole('radio', { name: /CHINEDU EMEKA OKONKWO-ADEBAYO/ });
    expect(other).not.toBeChecked();
    await userEvent.click(other);
    expect(other).toBeChecked();
    expect(screen.getByText('CHINEDU EMEKA OKONKWO-ADEBAYO')).toHaveClass('acc-account__name');
    // An amount while nothing can leave: the hold's own words, not "at most ₦0.00".
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (NGN)' }), '2000');
    await userEvent.type(screen.getByLabelText('Transaction password'), '246810');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cooling);
    expect(api.callsTo('withdraw/apply')).toHaveLength(0);
  });

  it('asks for a PIN and an account first', async () => {
    api = testApi(
      {
        'withdraw/information': information,
        'payment/list': [{ payment_id: 1, code: 'BANK', name: 'Bank account', data_list: [] }],
      },
      { seller: { t_password_null: true } },
    );
    render(inRouter(<WithdrawPanel onDone={jest.fn()} />));
    expect(await screen.findByText(/No payout account for this wallet yet\./)).toBeInTheDocument();
    expect(screen.getByText(/Set a transaction password before your first withdrawal\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });
});
