// "This wasn't me": the page the link in a security alert opens. One button (a mail scanner that
// opens the link must not act on it) calls security/wasNotMe with the link's token: every device is
// signed out and withdrawals are frozen until support has checked with the owner.
import { ErrorReference, errorRef } from '@giftlane/shared-sdk/error-reference';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@giftlane/shared-sdk/router';
import { errorMessage } from '@giftlane/shared-sdk';
import { Page } from '../lib/page';
import { reportNotMe } from '../lib/api';

type State = { kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; text: string; reference?: string };

export default function SecureAccountPage() {
  const [params, setParams] = useSearchParams();
  // The token is kept in memory and taken out of the address bar, so it is not shared or logged.
  const [token] = useState(() => params.get('token') ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  const secure = async () => {
    setState({ kind: 'sending' });
    try {
      // This browser's own session ends with the others.
      await reportNotMe(token);
      setState({ kind: 'done' });
    } catch (error) {
      setState({
        kind: 'error',
        text: errorMessage(error, 'We could not secure your account just now. Please try again, or contact support.'),
        reference: errorRef(error),
      });
    }
  };

  return (
    <Page
      title="Secure your account"
      description={
        'You were told about a change to your GiftLane account that you did not make. Sign out every ' +
        'device and freeze withdrawals.'
      }
      lead="We told you about a change to your account. If you did not make it, secure your account now."
    >
      <section className="pub-section" aria-live="polite">
        {state.kind === 'done' ? (
          <div className="pub-success" role="status">
            <p style={{ marginTop: 0 }}>
              <strong>Your account is secured.</strong> Every device was signed out and withdrawals are frozen.
            </p>
            <p>
              Next: sign in and change your password (use “Forgot Password?” if it no longer works), then{' '}
              <Link to="/contact">contact support</Link> so that we can check with you and unfreeze withdrawals.
            </p>
            <Link className="gl-btn gl-btn--primary" to="/login">
              Sign in
            </Link>
          </div>
        ) : token ? (
          <>
            <p>This will:</p>
            <ul>
              <li>sign your account out on every phone and computer, including this one;</li>
              <li>freeze withdrawals until our support team has checked with you.</li>
            </ul>
            {state.kind === 'error' && (
              <div className="pub-error" role="alert">
                <p>
                  {state.text}
                  <ErrorReference reference={state.reference} />
                </p>
              </div>
            )}
            <p>
              <button
                type="button"
                className="gl-btn gl-btn--primary"
                disabled={state.kind === 'sending'}
                onClick={() => void secure()}
              >
                {state.kind === 'sending' ? 'Securing…' : 'This wasn’t me: secure my account'}
              </button>
            </p>
          </>
        ) : (
          <div className="pub-error" role="alert">
            <p>
              This link is incomplete. Open it again from the message we sent you, or{' '}
              <Link to="/contact">contact support</Link> if you think someone else is using your account.
            </p>
          </div>
        )}
        <p className="pub-muted">
          GiftLane staff will never ask for your password, your transaction password or a verification code.
        </p>
      </section>
    </Page>
  );
}
