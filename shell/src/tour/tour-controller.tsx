// Sequences what follows a sign-up in the signed-in layout: the profile overlay (OTP sign-up), then
// the product tour (SPEC §4). Both are separate chunks, fetched only when they are about to show.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@giftlane/shared-sdk/router';
import { observer } from 'mobx-react-lite';
import { useStores } from '@giftlane/shared-sdk';
import {
  currentTourStage,
  finishProfileOverlay,
  finishTour,
  rememberTourQuery,
  takeTourQuery,
  type TourStage,
} from './tour-state';
import type { TourEnd } from './tour-host';

const TourHost = lazy(() => import(/* webpackChunkName: "tour" */ './tour-host'));
const ProfileOverlay = lazy(() => import(/* webpackChunkName: "profile-overlay" */ './profile-overlay'));

export const TourController = observer(function TourController() {
  const { session } = useStores();
  const userId = session.userId;
  const location = useLocation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<TourStage>(() => currentTourStage(userId));

  // The flags leave the address (a reload or a shared link does not replay them) for the tab's storage.
  useEffect(() => {
    const taken = takeTourQuery(location.search);
    if (!taken) return;
    rememberTourQuery(taken);
    navigate(
      { pathname: location.pathname, search: taken.rest, hash: location.hash },
      { replace: true, state: location.state },
    );
    setStage(currentTourStage(userId));
  }, [location.search, location.pathname, location.hash, location.state, navigate, userId]);

  useEffect(() => setStage(currentTourStage(userId)), [userId]);

  if (stage === 'overlay') {
    return (
      <Suspense fallback={null}>
        <ProfileOverlay
          onDone={() => {
            finishProfileOverlay();
            setStage(currentTourStage(userId));
          }}
        />
      </Suspense>
    );
  }
  if (stage === 'tour') {
    return (
      <Suspense fallback={null}>
        <TourHost
          onEnd={(how: TourEnd) => {
            finishTour(userId);
            setStage(undefined);
            // SPEC §4: Skip completes the tour and goes to /homes.
            if (how === 'skipped') navigate('/homes');
          }}
        />
      </Suspense>
    );
  }
  return null;
});
