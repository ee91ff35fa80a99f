import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OpsRefusal, testOps } from '@giftlane/shared-sdk/ops/testing';
import { renderArea, renderPage } from '../../test/render';
import ChannelsPage, { type Channels } from '../channels';

const channels: Channels = {
  whatsapp: [],
  emails: [{ address: 'support@giftlane.ng', purpose: 'Support' }],
  domains: ['giftlane.ng'],
  socials: [],
};
const hours = 'Mon–Sat, 8:00–20:00 Lagos time';

/** The console's official channels: an admin adds support's WhatsApp line and hours, the api's refusal in its words. */
describe('official channels page', () => {
  jest.setTimeout(30_000);

  test(
    'an admin adds a WhatsApp line with its hours; the whole list is sent; a refusal is shown in the api’s ' + 'words',
    async () => {
      const saved = { ...channels, whatsapp: [{ number: '+2348031234567', purpose: 'Support', hours }] };
      const t = testOps({ 'GET /ops/api/channels': { channels } }, { staff: { role: 'admin' } });
      t.answer(
        'POST /ops/api/channels',
        new OpsRefusal('“0803 123 4567” is not a number in international form, e.g. +2348012345678'),
        { channels: saved, changed: true },
      );
      renderPage(ChannelsPage, '/ops/channels');
      expect(screen.getByRole('heading', { level: 1, name: 'Official channels' })).toBeInTheDocument();
      expect(await screen.findByDisplayValue('support@giftlane.ng')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Add a number' }));
      await userEvent.type(screen.getByLabelText('Number 1'), '0803 123 4567');
      await userEvent.type(screen.getByLabelText('Hours of number 1'), hours);
      await userEvent.click(screen.getByRole('button', { name: 'Save the channels' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('is not a number in international form');

      await userEvent.clear(screen.getByLabelText('Number 1'));
      await userEvent.type(screen.getByLabelText('Number 1'), '+2348031234567');
      await userEvent.click(screen.getByRole('button', { name: 'Save the channels' }));
      expect(await screen.findByText(/Saved: the Official channels page/)).toBeInTheDocument();
      const sent = t.calls.filter((c) => c.route === 'POST /ops/api/channels').map((c) => c.input);
      expect(sent[1]).toEqual({
        whatsapp: [{ number: '+2348031234567', purpose: 'Support', hours }],
        emails: [{ address: 'support@giftlane.ng', purpose: 'Support' }],
        domains: ['giftlane.ng'],
        socials: [],
      });
    },
  );

  test('only an admin opens it', async () => {
    const t = testOps({ 'GET /ops/api/channels': { channels } }, { staff: { role: 'reviewer' } });
    renderArea(ChannelsPage, '/ops/channels');
    expect(screen.getByText('Your role cannot open this area.')).toBeInTheDocument();
    expect(t.calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save the channels' })).toBeNull();
  });
});
