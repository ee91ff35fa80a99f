// /settings — the profile (nickname, e-mail, WhatsApp, password), identity verification, signed-in
// devices, and what a seller needs to be paid: payout accounts and the transaction password; the
// photo, linked Google/Facebook/Apple sign-in, a download of their data, and closing the account.
// An index of the sections opens the page, so each is one tap away at 360 px; /settings#pin,
// #payout, … land on the section.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@giftlane/shared-sdk/router';
import { Loading, LoadError, useData } from '@giftlane/shared-sdk';
import { PayoutAccounts } from '../features/payout/payout-accounts';
import { PinSettings } from '../features/payout/pin-settings';
import { PasswordSettings, ProfileSettings } from '../features/profile/profile-settings';
import { AvatarSettings } from '../features/profile/avatar-settings';
import { SocialBindings } from '../features/profile/social-bindings';
import { CloseAccount } from '../features/profile/close-account';
import { SessionsSettings } from '../features/profile/sessions-settings';
import { AlertSettings } from '../features/profile/alert-settings';
import { DataDownload } from '../features/profile/data-download';
import { Verification } from '../features/verification/verification';
import { readMe } from '../features/profile/api';

/** The sections in page order: the anchor and the index's words. */
const SECTIONS = [
  ['profile', 'Profile'],
  ['verification', 'Verification'],
  ['payout', 'Payout accounts'],
  ['pin', 'Transaction password'],
  ['password', 'Login password'],
  ['alerts', 'Alerts'],
  ['devices', 'Signed-in devices'],
  ['photo', 'Photo'],
  ['linked', 'Linked accounts'],
  ['data', 'Your data'],
  ['close', 'Close account'],
] as const;

type SectionId = (typeof SECTIONS)[number][0];

const Anchor = ({ id, children }: { id: Exclude<SectionId, 'verification'>; children: ReactNode }) => (
  <div id={id} className="acc-anchor">
    {children}
  </div>
);

export default function SettingsPage() {
  const me = useData(readMe, []);
  const { hash } = useLocation();
  // A first transaction password set in one section (with the first payout account, or on its own) is known to both.
  const [pinSetHere, setPinSetHere] = useState(false);
  const hasPin = pinSetHere || (me.status === 'ready' && !me.data.t_password_null);
  // A link from elsewhere (the dashboard's checklist) lands on its section once the page has its data.
  useEffect(() => {
    const target = hash.slice(1);
    if (target && target !== 'verification' && me.status === 'ready')
      document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [hash, me.status]);
  return (
    <div className="acc-page">
      <nav className="acc-index" aria-label="Settings sections">
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <Anchor id="profile">
        {me.status === 'ready' ? (
          <ProfileSettings user={me.data} />
        ) : (
          <section className="acc-fieldset" aria-labelledby="profile-heading">
            <h2 id="profile-heading">Profile</h2>
            {me.status === 'loading' && <Loading label="Loading your profile…" lines={2} />}
            {me.status === 'error' && <LoadError error={me.error} retry={me.retry} what="your profile" />}
          </section>
        )}
      </Anchor>
      <Verification />
      <Anchor id="payout">
        <PayoutAccounts pinSet={hasPin} onPinSet={() => setPinSetHere(true)} />
      </Anchor>
      <Anchor id="pin">
        {me.status === 'ready' && (
          <PinSettings hasPin={hasPin} emailBound={!!me.data.is_email_bind} onSet={() => setPinSetHere(true)} />
        )}
      </Anchor>
      <Anchor id="password">
        {me.status === 'ready' && <PasswordSettings hasPassword={!me.data.password_null} />}
      </Anchor>
      <Anchor id="alerts">
        <AlertSettings />
      </Anchor>
      <Anchor id="devices">
        <SessionsSettings />
      </Anchor>
      <Anchor id="photo">{me.status === 'ready' && <AvatarSettings user={me.data} />}</Anchor>
      <Anchor id="linked">{me.status === 'ready' && <SocialBindings user={me.data} />}</Anchor>
      <Anchor id="data">
        <DataDownload />
      </Anchor>
      <Anchor id="close">{me.status === 'ready' && <CloseAccount user={me.data} />}</Anchor>
    </div>
  );
}
