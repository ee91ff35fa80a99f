import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { PinSettings } from '../pin-settings';

let api: TestApi;
beforeEach(() => {
  api = testApi({
    'withdraw/transactionPassword': null,
    'withdraw/sendResetCode': null,
    'withdraw/resetTPassword': null,
  });
});

describe('transaction password settings', () => {
  it('checks the format and the repeat, then sets it', async () => {
    const onSet = jest.fn();
    render(<PinSettings hasPin={false} emailBound onSet={onSet} />);
    await userEvent.type(screen.getByLabelText('Choose a transaction password'), '12ab34');
    expect(screen.getByLabelText('Choose a transaction password')).toHaveValue('1234');
    await userEvent.type(screen.getByLabelText('Repeat it'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Transaction password must be exactly 6 digits.');
    // A run is refused before it reaches the api.
    await userEvent.type(screen.getByLabelText('Choose a transaction password'), '56');
    await userEvent.type(screen.getByLabelText('Repeat it'), '56');
    await userEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This transaction password is too easy to guess');
    await userEvent.clear(screen.getByLabelText('Choose a transaction password'));
    await userEvent.clear(screen.getByLabelText('Repeat it'));
    await userEvent.type(screen.getByLabelText('Choose a transaction password'), '274915');
    await userEvent.type(screen.getByLabelText('Repeat it'), '274916');
    await userEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two transaction passwords do not match.');
    await userEvent.clear(screen.getByLabelText('Repeat it'));
    await userEvent.type(screen.getByLabelText('Repeat it'), '274915');
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set transaction password' }));
    // Said as a success (a status in the green box), not as grey helper text.
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Your transaction password is set.');
    expect(done).toHaveClass('acc-success');
    expect(onSet).toHaveBeenCalledTimes(1);
    expect(api.callsTo('withdraw/transactionPassword')).toEqual([
      { password: '274915', login_password: 'My-password-1' },
    ]);
    // No empty "Change" form in its place: it can be changed or reset when asked for.
    expect(screen.queryByLabelText('Your login password')).toBeNull();
    expect(screen.queryByLabelText('Current transaction password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Forgot it?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change transaction password' }));
    expect(screen.getByLabelText('Current transaction password')).toHaveValue('');
    expect(screen.getByLabelText('Your login password')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Your transaction password is set.')).toBeInTheDocument();
  });

  it('set with the first payout account elsewhere on the page: nothing left to set here', () => {
    const { rerender } = render(<PinSettings hasPin={false} emailBound />);
    expect(screen.getByLabelText('Choose a transaction password')).toBeInTheDocument();
    rerender(<PinSettings hasPin emailBound />);
    expect(screen.queryByLabelText('Choose a transaction password')).toBeNull();
    expect(screen.getByText('Your transaction password is set.')).toBeInTheDocument();
  });

  it('resets a forgotten one with the e-mailed code', async () => {
    render(<PinSettings hasPin emailBound />);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot it?' }));
    await userEvent.type(screen.getByLabelText('Your login password'), 'My-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a code' }));
    expect(await screen.findByText(/We e-mailed you a 4-digit code/)).toBeInTheDocument();
    expect(api.callsTo('withdraw/sendResetCode')).toEqual([{ login_password: 'My-password-1' }]);
    await userEvent.type(screen.getByLabelText('Code from the e-mail'), '4821');
    await userEvent.type(screen.getByLabelText('New transaction password'), '135790');
    await userEvent.type(screen.getByLabelText('Repeat it'), '135790');
    await userEvent.click(screen.getByRole('button', { name: 'Reset transaction password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your transaction password is changed.');
    expect(api.callsTo('withdraw/resetTPassword')).toEqual([
      { verify_code: '4821', new_password: '135790', login_password: 'My-password-1' },
    ]);
  });
});
