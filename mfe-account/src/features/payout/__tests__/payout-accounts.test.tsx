// The add-account form asks for the login password and the transaction password for every method, USDT
// included, and sends both (the api refuses a web session's new account without them).
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
const ADDRESS = 'TXYZabcdefghijkmnopqrstuvwxyz12345';

let api: TestApi;
beforeEach(() => {
  api = testApi({
    'payment/list': [],
    'payment/paymentList': (f: Record<string, string>) => (f.type === '2' ? [USDT] : [BANK]),
    'payment/coinList': [{ bank_id: 31, name: 'TRC20', desc: 'Tron' }],
    'payment/bankList': [{ bank_id: 100, bank_name: 'Access Bank' }],
    'payment/verify': { user_name: 'ADA OBI' },
    'payment/add': { bank_id: 9, is_def: 1 },
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
});
