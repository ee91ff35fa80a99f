// What a user sees, in one area only, when the part of the site that owns it could not load.
import { useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from '@giftlane/shared-sdk/router';
import { resetRemote } from '../app/remotes';
import { NotFound } from './not-found';

export class RemoteUnavailable extends Error {
  constructor(readonly remote: string) {
    super(`${remote} is unavailable`);
    this.name = 'RemoteUnavailable';
  }
}

export function RemoteFallback({ remote }: { remote: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    resetRemote(remote);
    // Navigating to the same place makes the router ask the remote again.
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return (
    <section className="gl-fallback" role="alert" data-remote={remote}>
      <h1>This section didn’t load</h1>
      <p>
        Your connection may have dropped, or this part of GiftLane is being updated. The rest of the site still works,
        and nothing in your wallet has changed.
      </p>
      <button type="button" className="gl-btn gl-btn--primary" onClick={retry} disabled={busy}>
        {busy ? 'Retrying…' : 'Retry'}
      </button>
    </section>
  );
}

/** Error boundary of a mount point: a remote's failure stays inside its own area. */
export function MountBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error instanceof RemoteUnavailable) return <RemoteFallback remote={error.remote} />;
  return <PageCrashed />;
}

/** A page that threw while rendering: keep the frame, offer a way on. */
export function PageCrashed() {
  return (
    <section className="gl-fallback" role="alert">
      <h1>Something went wrong on this page</h1>
      <p>Please try again. If it keeps happening, contact support from the Help Center.</p>
      <button type="button" className="gl-btn gl-btn--primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </section>
  );
}
