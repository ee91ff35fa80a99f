import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testApi, type TestApi } from '@giftlane/shared-sdk/testing';
import { AlertSettings } from '../alert-settings';

const channels = {
  email: 'ada@example.com',
  email_verified: true,
  email_on: true,
  whatsapp: '+2348031234567',
  whatsapp_verified: false,
  whatsapp_on: true,
};

let api: TestApi;
beforeEach(() => {
  api = testApi({
    'user/alertChannels': channels,
    'user/setAlertChannels': { ...channels, email_on: false },
  });
});

it('shows where updates go; an unverified number cannot be chosen and says why', async () => {
  render(<AlertSettings />);
  const email = await screen.findByRole('checkbox', { name: /By e-mail/ });
  expect(email).toBeChecked();
  expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  const whatsapp = screen.getByRole('checkbox', { name: /By WhatsApp/ });
  expect(whatsapp).toBeDisabled();
  expect(whatsapp).not.toBeChecked();
  expect(screen.getByText(/\+2348031234567 — verify it above to get updates there/)).toBeInTheDocument();
});

it('turning e-mail off saves both choices and says so', async () => {
  render(<AlertSettings />);
  await userEvent.click(await screen.findByRole('checkbox', { name: /By e-mail/ }));
  expect(await screen.findByText('E-mail updates are off.')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: /By e-mail/ })).not.toBeChecked();
  expect(api.callsTo('user/setAlertChannels')).toEqual([{ email_on: '0', whatsapp_on: '1' }]);
});
