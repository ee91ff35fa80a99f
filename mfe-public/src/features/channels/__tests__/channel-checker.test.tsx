import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ChannelCheck } from '@giftlane/shared-sdk';
import { inRouter, testApi } from '@giftlane/shared-sdk/testing';
import { ChannelChecker, verdictText } from '../channel-checker';
import { ChannelList } from '../channel-list';
import VerifiedChannelsPage from '../../../pages/verified-channels';

const ours: ChannelCheck = {
  kind: 'phone',
  value: '08031234567',
  ours: true,
  match: { type: 'whatsapp', value: '+2348031234567', label: 'Support' },
};
const notOurs: ChannelCheck = { kind: 'link', value: 'giftlane.com.ng-pay.xyz', ours: false, match: null };

const channels = {
  whatsapp: [
    {
      number: '+2348031234567',
      purpose: 'Support',
      hours: 'Mon–Sat, 8:00–20:00 Lagos time',
      link: 'https://wa.me/2348031234567',
    },
  ],
  emails: [{ address: 'support@giftlane.ng', purpose: 'Support' }],
  domains: ['giftlane.ng'],
  socials: [{ network: 'Instagram', url: 'https://instagram.com/giftlane', handle: '@giftlane' }],
  page_url: 'https://giftlane.ng/verified-channels',
};

describe('the channel checker', () => {
  test('says in words whether what was typed is ours, and sends exactly what was typed', async () => {
    const check = jest.fn().mockResolvedValueOnce(ours).mockResolvedValueOnce(notOurs);
    render(<ChannelChecker check={check} />);
    const box = screen.getByLabelText('Phone number, e-mail address or link');
    await userEvent.type(box, '0803 123 4567');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(check).toHaveBeenLastCalledWith('0803 123 4567');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Yes, this number is ours. It is our WhatsApp number +2348031234567 (Support).',
    );
    await userEvent.clear(box);
    await userEvent.type(box, 'giftlane.com.ng-pay.xyz{Enter}');
    expect(await screen.findByText('No, this link is not one of ours.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Do not send it card codes, your PIN or any code we sent you.',
    );
  });

  test('shows the api’s words when it refuses', async () => {
    const check = jest
      .fn()
      .mockRejectedValue(
        new ApiError('We could not read that as a phone number, an e-mail.', 'x', 'public/channelCheck'),
      );
    render(<ChannelChecker check={check} />);
    await userEvent.type(screen.getByLabelText('Phone number, e-mail address or link'), 'hello{Enter}');
    expect(await screen.findByText('We could not read that as a phone number, an e-mail.')).toBeInTheDocument();
  });

  test('each kind of match is named', () => {
    expect(
      verdictText({ ...ours, kind: 'email', match: { type: 'email', value: 'a@giftlane.ng', label: '' } }).detail,
    ).toMatch(/^It is our e-mail address a@giftlane\.ng\./);
    expect(
      verdictText({ ...ours, kind: 'link', match: { type: 'domain', value: 'giftlane.ng', label: '' } }).title,
    ).toBe('Yes, this link is ours.');
  });
});

describe('the list', () => {
  test('shows each number with what it is for and its hours, the addresses, websites and profiles', () => {
    render(<ChannelList channels={channels} />);
    expect(screen.getByRole('link', { name: '+2348031234567' })).toHaveAttribute('href', 'https://wa.me/2348031234567');
    expect(screen.getByText('Answered Mon–Sat, 8:00–20:00 Lagos time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@giftlane.ng' })).toHaveAttribute(
      'href',
      'mailto:support@giftlane.ng',
    );
    expect(screen.getByRole('link', { name: '@giftlane' })).toHaveAttribute('href', 'https://instagram.com/giftlane');
  });

  test('says plainly when we have no WhatsApp number', () => {
    render(<ChannelList channels={{ ...channels, whatsapp: [], socials: [] }} />);
    expect(screen.getByText(/We have no WhatsApp number/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Social media' })).toBeNull();
  });
});

describe('the page', () => {
  test(
    'lists our channels from public/channels, says what we never ask for, and checks through ' + 'public/channelCheck',
    async () => {
      const api = testApi({ 'public/channels': channels, 'public/channelCheck': notOurs });
      render(inRouter(<VerifiedChannelsPage />));
      expect(screen.getByRole('heading', { level: 1, name: 'Official channels' })).toBeInTheDocument();
      expect(screen.getByText('Your transaction PIN or your password.')).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'support@giftlane.ng' })).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Phone number, e-mail address or link'), 'giftIane.ng{Enter}');
      expect(await screen.findByText('No, this link is not one of ours.')).toBeInTheDocument();
      expect(api.callsTo('public/channelCheck')).toEqual([expect.objectContaining({ text: 'giftIane.ng' })]);
    },
  );
});
