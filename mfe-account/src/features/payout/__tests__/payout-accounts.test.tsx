// The add-account form asks for the login password and the transaction password for every method, USDT
// included, and sends both (the api refuses a web session's new account without them); a seller without a
// transaction password chooses it in the same form. The new account's wait is said before it is added, in
// the api's figure; where mobile money is offered (Ghana) it is the method first chosen.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, Refusal, testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { PayoutAccounts } from '../payout-accounts';

const field = (code: string, name: string, type = 1) => ({ code, name, type, placeholder: '' });
const BANK = {
  payment_id: 1,
  code: 'BANK',
  name: 'Bank account',
  form_list: [field('bank_id', 'Bank'), field('account_no', 'Account number', 4)],
};
const USDT = {
  payment_id: 3,
  code: 'USDT',
  name: 'USDT',
  form_list: [field('bank_id', 'Network'), field('account_no', 'Wallet address', 2)],
};
const MOMO = {
  payment_id: 2,
  code: 'MOMO',
  name: 'Mobile money',
  form_list: [field('bank_id', 'Network'), field('account_no', 'Mobile money number', 4)],
};
const ADDRESS = 'TXYZabcdefghijkmnopqrstuvwxyz12345';
const steps = (over: Record<string, unknown> = {}) => ({
  show: true,
  identity_offered: true,
  identity_verified: false,
  pin_set: true,
  payout_accounts: 0,
  has_order: false,
  paid_out: false,
  payout_wait_hours: 24,
  payout_wait: '24 hours',
  ...over,
});

let api: TestApi;
beforeEach(() => {
  api = testApi({
    'payment/list': [],
    'payment/paymentList': (f: Record<string, string>) => (f.type === '2' ? [USDT] : [BANK]),
    'payment/coinList': [{ bank_id: 31, name: 'TRC20', desc: 'Tron' }],
    'payment/bankList': [{ bank_id: 100, bank_name: 'Access Bank' }],
    'payment/verify': { user_name: 'ADA OBI' },
    'payment/add': { bank_id: 9, is_def: 1 },
    'user/firstSteps': steps(),
  });
});

async function openForm(method: 'Bank account' | 'USDT') {
  render(inRouter(<PayoutAccounts />));
  await userEvent.click(await screen.findByRole('button', { name: 'Add a payout account' }));
  const form = screen.getByRole('form', { name: 'Add a payout account' });
  await userEvent.click(within(form).getByRole('radio', { name: method }));
  return form;
}

describe('adding a payout account', () => {
  it(
    'USDT: the PIN field is there, a missing PIN is caught before the api, and both the password and the PIN ' +
      'are sent',
    async () => {
      const form = await openForm('USDT');
      await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'Network' }), 'TRC20 (Tron)');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Wallet address' }), ADDRESS);
      await userEvent.type(within(form).getByLabelText('Your login password'), 'Secret123!');
      expect(within(form).getByLabelText('Transaction password')).toBeInTheDocument();
      await userEvent.click(within(form).getByRole('button', { name: 'Save account' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(/Transaction password/);
      expect(api.callsTo('payment/add')).toHaveLength(0);
      await userEvent.type(within(form).getByLabelText('Transaction password'), '246810');
      await userEvent.click(within(form).getByRole('button', { name: 'Save account' }));
      expect(await screen.findByText('Account saved as your default.')).toBeInTheDocument();
      expect(api.callsTo('payment/add')).toEqual([
        expect.objectContaining({
          payment_id: '3',
          bank_id: '31',
          account_no: ADDRESS,
          password: 'Secret123!',
          t_password: '246810',
        }),
      ]);
    },
  );

  it(
    'a bank account: looked up, then saved with the password and the PIN; the api’s refusal is shown as ' + 'it is',
    async () => {
      api.answer('payment/add', new Refusal('The login password is incorrect, 4 attempts left'), {
        bank_id: 9,
        is_def: 1,
      });
      const form = await openForm('Bank account');
      await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'Bank' }), 'Access Bank');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Account number' }), '0123456789');
      await userEvent.click(within(form).getByRole('button', { name: 'Look up account name' }));
      expect(await within(form).findByTestId('verified-name')).toHaveTextContent('ADA OBI');
      await userEvent.type(within(form).getByLabelText('Your login password'), 'wrong-one');
      await userEvent.type(within(form).getByLabelText('Transaction password'), '246810');
      await userEvent.click(within(form).getByRole('button', { name: 'Save account' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'The login password is incorrect, 4 attempts left',
      );
      expect(api.callsTo('payment/add')).toEqual([
        expect.objectContaining({
          payment_id: '1',
          bank_id: '100',
          account_no: '0123456789',
          password: 'wrong-one',
          t_password: '246810',
        }),
      ]);
    },
  );

  it(
    'without a PIN: the PIN is chosen in the same form, checked, and sent as the new one with the ' + 'account',
    async () => {
      api.answer('user/firstSteps', steps({ pin_set: false }));
      const onPinSet = jest.fn();
      render(inRouter(<PayoutAccounts onPinSet={onPinSet} />));
      // The wait is said before the account is added, in the api's words.
      expect(
        await screen.findByText(/Money can be sent to a new payout account 24 hours after you add it/),
      ).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Add a payout account' }));
      const form = screen.getByRole('form', { name: 'Add a payout account' });
      expect(within(form).getByText(/money can be sent to a new account 24 hours after it is added/)).toBeVisible();
      await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'Bank' }), 'Access Bank');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Account number' }), '0123456789');
      await userEvent.click(within(form).getByRole('button', { name: 'Look up account name' }));
      await within(form).findByTestId('verified-name');
      await userEvent.type(within(form).getByLabelText('Your login password'), 'Secret123!');
      expect(within(form).queryByLabelText('Transaction password')).toBeNull();
      await userEvent.type(within(form).getByLabelText('Choose a transaction password'), '274915');
      await userEvent.type(within(form).getByLabelText('Repeat it'), '274916');
      const save = within(form).getByRole('button', { name: 'Set password and save account' });
      await userEvent.click(save);
      expect(within(form).getByRole('alert')).toHaveTextContent('The two transaction passwords do not match.');
      await userEvent.clear(within(form).getByLabelText('Repeat it'));
      await userEvent.type(within(form).getByLabelText('Repeat it'), '274915');
      await userEvent.click(save);
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Transaction password set. Account saved as your default.',
      );
      expect(api.callsTo('payment/add')).toEqual([
        expect.objectContaining({ bank_id: '100', password: 'Secret123!', new_t_password: '274915' }),
      ]);
      expect(api.callsTo('payment/add')[0]).not.toHaveProperty('t_password');
      expect(onPinSet).toHaveBeenCalledTimes(1);
      // The next account is confirmed with the PIN now set.
      await userEvent.click(screen.getByRole('button', { name: 'Add a payout account' }));
      expect(screen.getByLabelText('Transaction password')).toBeInTheDocument();
      expect(screen.queryByLabelText('Repeat it')).toBeNull();
    },
  );

  it('without a PIN: a PIN the api refuses is shown in its words, and nothing is said to be saved', async () => {
    api.answer('user/firstSteps', steps({ pin_set: false }));
    api.answer('payment/add', new Refusal('Your transaction password is already set; change it instead.'));
    const form = await openForm('USDT');
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'Network' }), 'TRC20 (Tron)');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Wallet address' }), ADDRESS);
    await userEvent.type(within(form).getByLabelText('Your login password'), 'Secret123!');
    await userEvent.type(within(form).getByLabelText('Choose a transaction password'), '12345');
    await userEvent.type(within(form).getByLabelText('Repeat it'), '12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and save account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Transaction password must be exactly 6 digits.');
    expect(api.callsTo('payment/add')).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText('Choose a transaction password'), '9');
    await userEvent.type(within(form).getByLabelText('Repeat it'), '9');
    await userEvent.click(within(form).getByRole('button', { name: 'Set password and save account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Your transaction password is already set; change it instead.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('where mobile money is offered (Ghana), it is the method first chosen', async () => {
    api.answer('payment/paymentList', (f: Record<string, string>) => (f.type === '2' ? [USDT] : [BANK, MOMO]));
    render(inRouter(<PayoutAccounts />));
    await userEvent.click(await screen.findByRole('button', { name: 'Add a payout account' }));
    const form = screen.getByRole('form', { name: 'Add a payout account' });
    expect(within(form).getByRole('radio', { name: 'Mobile money' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Bank account' })).not.toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Mobile money number' })).toBeInTheDocument();
  });
});
