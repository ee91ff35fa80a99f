import { render, screen } from '@testing-library/react';
import { testApi } from '@giftlane/shared-sdk/testing';
import { Greeting } from '../home';

test('the dashboard greets a seller by their name', async () => {
  const { sdk } = testApi({}, { seller: { nickname: 'Amaka Obi' } });
  await sdk.store.user.load();
  render(<Greeting />);
  expect(screen.getByRole('heading')).toHaveTextContent(/^Hello, Amaka$/);
});

test('a seller without a name (a WhatsApp sign-up) is greeted without one, never "user4567" or "Guest"', async () => {
  const { sdk } = testApi({}, { seller: { nickname: '' } });
  await sdk.store.user.load();
  render(<Greeting />);
  expect(screen.getByRole('heading')).toHaveTextContent(/^Hello$/);
});
