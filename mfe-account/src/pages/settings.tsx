// /settings — the profile (nickname, e-mail, WhatsApp, password), identity verification, signed-in
// devices, and what a seller needs to be paid: payout accounts and the transaction password; the
// photo, linked Google/Facebook/Apple sign-in, a download of their data, and closing the account.
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

export default function SettingsPage() {
  const me = useData(readMe, []);
  return (
    <div className="acc-page">
      {me.status === 'ready' ? (
        <ProfileSettings user={me.data} />
      ) : (
        <section className="acc-fieldset" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Profile</h2>
          {me.status === 'loading' && <Loading label="Loading your profile…" lines={2} />}
          {me.status === 'error' && <LoadError error={me.error} retry={me.retry} what="your profile" />}
        </section>
      )}
      <Verification />
      <PayoutAccounts />
      {me.status === 'ready' && <PinSettings hasPin={!me.data.t_password_null} emailBound={!!me.data.is_email_bind} />}
      {me.status === 'ready' && <PasswordSettings hasPassword={!me.data.password_null} />}
      <AlertSettings />
      <SessionsSettings />
      {me.status === 'ready' && <AvatarSettings user={me.data} />}
      {me.status === 'ready' && <SocialBindings user={me.data} />}
      <DataDownload />
      {me.status === 'ready' && <CloseAccount user={me.data} />}
    </div>
  );
}
