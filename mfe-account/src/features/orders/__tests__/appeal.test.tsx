import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EvidencePack } from '@giftlane/shared-sdk';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { EvidenceAndAppeal } from '../appeal';

const pack = (over: Partial<EvidencePack> = {}): EvidencePack => ({
  order_no: 'GC261122000000000000012345',
  decided_time: 1_795_303_600,
  failed_cards: [
    {
      seq: 2,
      code: 'BBBB-2222',
      reason: 'The card has already been used',
      reviewer_note: 'Balance was 0 when checked',
      proof_images: ['https://api.test/uploads/orders/1/a.png?expires=1'],
      decided_time: 1_795_303_600,
    },
  ],
  can_appeal: true,
  appeal_refused_reason: '',
  appeal_deadline: 1_795_562_800,
  window_hours: 72,
  max_photos: 5,
  appeal: null,
  ...over,
});

describe('evidence and appeal', () => {
  test(
    'shows each failed card’s reason, note, proof and time; one tap opens the appeal form, which sends ' + 'the note',
    async () => {
      const api = testApi();
      api.answer(
        'appeal/detail',
        pack(),
        pack({
          can_appeal: false,
          appeal_refused_reason: 'This order already has an appeal',
          appeal: {
            appeal_no: 'AP1',
            outcome: 'failed_cards',
            status: 'open',
            note: 'It was unused',
            images: [],
            create_time: 1_795_310_000,
            due_time: 1_795_396_400,
            resolve_time: 0,
            resolution: '',
            credit_amount: '0.00',
          },
        }),
      );
      api.answer('appeal/apply', {
        appeal_no: 'AP1',
        outcome: 'failed_cards',
        status: 'open',
        note: 'It was unused',
        images: [],
        create_time: 1_795_310_000,
        due_time: 1_795_396_400,
        resolve_time: 0,
        resolution: '',
        credit_amount: '0.00',
      });
      render(inRouter(<EvidenceAndAppeal orderNo="GC261122000000000000012345" currency="NGN" />));
      expect(await screen.findByText('The card has already been used')).toBeInTheDocument();
      expect(screen.getByText('Reviewer’s note: Balance was 0 when checked')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Proof photo 1 for card 2' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Appeal this decision' }));
      await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Tell us why the decision is wrong.');
      await userEvent.type(screen.getByLabelText('Why is the decision wrong?'), 'It was unused');
      await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
      expect(await screen.findByTestId('appeal-status')).toHaveTextContent('Waiting for a different staff member');
      expect(api.callsTo('appeal/apply').at(-1)).toMatchObject({
        order_no: 'GC261122000000000000012345',
        note: 'It was unused',
      });
    },
  );

  test('an overturned appeal shows the credit; a closed window says why there is no button', async () => {
    const api = testApi();
    api.answer(
      'appeal/detail',
      pack({
        can_appeal: false,
        appeal_refused_reason: 'This order already has an appeal',
        appeal: {
          appeal_no: 'AP1',
          outcome: 'failed_cards',
          status: 'overturned',
          note: 'It was unused',
          images: [],
          create_time: 1_795_310_000,
          due_time: 1_795_396_400,
          resolve_time: 1_795_320_000,
          resolution: 'Valid on a second check',
          credit_amount: '4840.00',
        },
      }),
    );
    const { unmount } = render(inRouter(<EvidenceAndAppeal orderNo="GC1" currency="NGN" />));
    expect(await screen.findByTestId('appeal-credit')).toHaveTextContent('₦4,840.00');
    expect(screen.queryByRole('button', { name: 'Appeal this decision' })).toBeNull();
    unmount();
    api.answer(
      'appeal/detail',
      pack({ can_appeal: false, appeal_refused_reason: 'An appeal must be opened within 72 hours of the decision' }),
    );
    render(inRouter(<EvidenceAndAppeal orderNo="GC2" currency="NGN" />));
    expect(await screen.findByText('An appeal must be opened within 72 hours of the decision')).toBeInTheDocument();
  });
});
