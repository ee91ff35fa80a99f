// SPEC §2 "Status page": Success or Failed, each with Continue to login.
import { PASSWORD_SET_FAILED_MESSAGE, PASSWORD_SET_SUCCESS_MESSAGE } from '@giftlane/shared-sdk';
import { ViewHeading } from '../../components/heading';
import type { ViewProps } from '../../lib/view-props';

export function PasswordStatus({ go, flow }: ViewProps) {
  const ok = flow.status !== 'failed';
  return (
    <div className={`ob-status ob-status--${ok ? 'success' : 'failed'}`}>
      <div className="ob-status__icon" aria-hidden="true">
        {ok ? '✓' : '!'}
      </div>
      <ViewHeading>{ok ? 'Success' : 'Failed'}</ViewHeading>
      <p className="ob-status__text">{ok ? PASSWORD_SET_SUCCESS_MESSAGE : PASSWORD_SET_FAILED_MESSAGE}</p>
      <button
        type="button"
        className="ob-btn ob-btn--primary ob-btn--block"
        onClick={() => go('LoginForm', { status: undefined })}
      >
        Continue to login
      </button>
    </div>
  );
}
