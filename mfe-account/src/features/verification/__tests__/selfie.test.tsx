// The selfie step: a labelled "Take a selfie" control (the phone's front camera), not the browser's bare file
// picker, with a preview of the photo chosen and a way to take it again.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { Verification } from '../verification';

const level1 = {
  offered: true,
  level: 1,
  verified_name: 'Chinedu Okafor',
  id_type: 'bvn',
  id_masked: '•••••••2222',
  id_types: [{ type: 'bvn', label: 'BVN' }],
  levels: [
    { level: 1, needs: 'ID number', limits: { NGN: { single: '50000', daily: '50000', balance: '300000' } } },
    { level: 2, needs: 'A selfie', limits: { NGN: { single: '200000', daily: '500000', balance: '2000000' } } },
  ],
  checks: [],
  attempts_left: 5,
  wallets: [],
  payout_mismatches: [],
};

// The smallest JPEG header the photo check recognises.
const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])], 'me.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:selfie');
  URL.revokeObjectURL = jest.fn();
});

test('a labelled "Take a selfie" control opens the front camera and previews the photo', async () => {
  testApi({ 'kyc/status': level1 as never });
  render(inRouter(<Verification />));
  const picker = await screen.findByLabelText('Take a selfie');
  expect(picker).toHaveAttribute('type', 'file');
  expect(picker).toHaveAttribute('capture', 'user');
  expect(picker).toHaveAccessibleDescription(/A selfie: your face, in good light/);
  expect(screen.queryByRole('img')).toBeNull();
  await userEvent.upload(picker, jpeg());
  expect(await screen.findByRole('img', { name: 'The photo you chose: me.jpg' })).toHaveAttribute('src', 'blob:selfie');
  // Taken again from the same control, now named for it.
  expect(screen.getByLabelText('Take a selfie again')).toBe(picker);
});
