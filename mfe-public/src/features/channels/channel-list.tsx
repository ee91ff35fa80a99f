// The list of our official channels, as staff keep it (public/channels): WhatsApp numbers with what
// each is for and when someone answers, e-mail addresses, websites and social accounts.
import type { OfficialChannels } from '@giftlane/shared-sdk';

export function ChannelList({ channels }: { channels: OfficialChannels }) {
  const { whatsapp, emails, domains, socials } = channels;
  return (
    <>
      <section className="pub-section" aria-labelledby="vc-whatsapp-h">
        <h2 id="vc-whatsapp-h">WhatsApp</h2>
        {whatsapp.length ? (
          <ul className="pub-channels">
            {whatsapp.map((w) => (
              <li key={w.number}>
                <a href={w.link}>{w.number}</a>
                {w.purpose && <span> · {w.purpose}</span>}
                {w.hours && <span className="pub-muted pub-channels__hours">Answered {w.hours}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p>We have no WhatsApp number: anyone on WhatsApp who says they are GiftLane is not us.</p>
        )}
      </section>
      <section className="pub-section" aria-labelledby="vc-email-h">
        <h2 id="vc-email-h">E-mail</h2>
        <ul className="pub-channels">
          {emails.map((e) => (
            <li key={e.address}>
              <a href={`mailto:${e.address}`}>{e.address}</a>
              {e.purpose && <span> · {e.purpose}</span>}
            </li>
          ))}
        </ul>
        <p className="pub-muted">The codes we send come from our own address, never from a personal mailbox.</p>
      </section>
      <section className="pub-section" aria-labelledby="vc-web-h">
        <h2 id="vc-web-h">Websites</h2>
        <ul className="pub-channels">
          {domains.map((d) => (
            <li key={d}>
              <span className="pub-code">{d}</span> and addresses ending in <span className="pub-code">.{d}</span>
            </li>
          ))}
        </ul>
        <p className="pub-muted">
          A name that only looks like ours is not ours: extra words after it ({domains[0] ?? 'giftlane.ng'}
          -pay.xyz), a capital I in place of an l, or a different ending.
        </p>
      </section>
      {socials.length > 0 && (
        <section className="pub-section" aria-labelledby="vc-social-h">
          <h2 id="vc-social-h">Social media</h2>
          <ul className="pub-channels">
            {socials.map((s) => (
              <li key={s.url}>
                {s.network}: <a href={s.url}>{s.handle || s.url}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
