// /settings — what a seller needs to be paid: payout accounts and the transaction password. The
// profile is shown as the api knows it; editing it (nickname, password, e-mail) is not built yet.
import { getSdk, Loading, LoadError, useData } from '@giftlane/shared-sdk';
import { PayoutAccounts } from '../features/payout/payout-accounts';
import { PinSettings } from '../features/payout/pin-settings';

export default function SettingsPage() {
  const me = useData(() => getSdk().api.user.userInfo(), []);
  return (
    <div className="acc-page">
      <section className="acc-fieldset" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        {me.status === 'loading' && <Loading label="Loading your profile…" lines={2} />}
        {me.status === 'error' && <LoadError error={me.error} retry={me.retry} what="your profile" />}
        {me.status === 'ready' && (
          <dl className="acc-dl">
            <dt>Name</dt>
            <dd>{me.data.nickname || '–'}</dd>
            <dt>E-mail</dt>
            <dd>{me.data.email ? `${me.data.email}${me.data.is_email_bind ? '' : ' (not verified)'}` : '–'}</dd>
            <dt>WhatsApp</dt>
            <dd>{me.data.whatsapp || '–'}</dd>
            <dt>Country</dt>
            <dd>{me.data.country_name ?? '–'}</dd>
          </dl>
        )}
        <p className="acc-muted" style={{ margin: 0 }}>
          Changing your name, password or e-mail from the web app is coming soon.
        </p>
      </section>
      <PayoutAccounts />
      {me.status === 'ready' && <PinSettings hasPin={!me.data.t_password_null} emailBound={!!me.data.is_email_bind} />}
    </div>
  );
}
