// /verified-channels — "Official channels": every WhatsApp number, e-mail address, website and
// social account of ours (staff's setting, public/channels), a checker for a number, address or link
// someone wrote from (public/channelCheck, the same list), and what we never ask for. Code messages,
// Help and the footer link here.
import { Link } from '@giftlane/shared-sdk/router';
import { Async } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { useChannels } from '../lib/api';
import { ChannelChecker } from '../features/channels/channel-checker';
import { ChannelList } from '../features/channels/channel-list';

export default function VerifiedChannelsPage() {
  const channels = useChannels();
  return (
    <Page
      title="Official channels"
      description={
        'The only WhatsApp numbers, e-mail addresses, websites and social accounts of GiftLane, and a checker to ' +
        'tell them from scammers who pretend to be gift card buyers.'
      }
      lead={
        'People pretend to be GiftLane on WhatsApp and elsewhere. Before you trust a number, an e-mail or a link, ' +
        'check it here.'
      }
    >
      <section className="pub-section" aria-labelledby="vc-check-h">
        <h2 id="vc-check-h">Is this really GiftLane?</h2>
        <ChannelChecker />
      </section>
      <section className="pub-section pub-band" aria-labelledby="vc-never-h">
        <h2 id="vc-never-h">What we never ask for</h2>
        <ul>
          <li>Your transaction PIN or your password.</li>
          <li>A sign-in or verification code we sent you: not on WhatsApp, not by phone, not by e-mail.</li>
          <li>Your gift card’s codes or photos anywhere but the sell form in the GiftLane app or website.</li>
        </ul>
      </section>
      <Async state={channels} what="our channels" lines={6}>
        {(c) => <ChannelList channels={c} />}
      </Async>
      <section className="pub-section">
        <h2>Someone pretending to be us?</h2>
        <p>
          Do not reply with codes or card details. Tell us through <Link to="/contact">Contact us</Link>.
        </p>
      </section>
    </Page>
  );
}
