import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@giftlane/shared-sdk/router';
import {
  beginHydration,
  findMount,
  getSdk,
  mountTable,
  PrerenderRoot,
  setPlaceReader,
  themeCssVariables,
} from '@giftlane/shared-sdk';
import { readEnvironmentManifest } from './app/environment';
import { refreshEnvironment, registerEnvironment } from './app/remotes';
import { createRouter } from './app/router';
import { startServiceWorker } from './app/service-worker';
import { warmOnTyping } from './app/warm-account';
import {
  keepEarlyTap,
  keepFormsInPage,
  keepInsertedText,
  readEarlyInput,
  replayEarlyInput,
  tapAgainLater,
} from './app/early-input';
import { appOfRemote, startTelemetry, startVitals, telemetry, telemetrySample } from './app/telemetry';
import './styles/shell.css';

function injectTheme() {
  // A prerendered page has it already.
  if (document.getElementById('gl-theme')) return;
  const style = document.createElement('style');
  style.id = 'gl-theme';
  style.textContent = themeCssVariables;
  document.head.prepend(style);
}

function whenIdle(run: () => void) {
  if (window.requestIdleCallback) window.requestIdleCallback(() => run(), { timeout: 2000 });
  else setTimeout(run, 50);
}

/** How long after a prerendered page is live text typed into it is still watched for (keepInsertedText). */
const KEEP_TEXT_AFTER_LIVE_MS = 3000;

type SiteRouter = ReturnType<typeof createRouter>;

/** The first navigation done: its remote and page loaded, its loaders run. */
function firstMatch(router: SiteRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function main() {
  injectTheme();
  const container = document.getElementById('root')!;
  keepFormsInPage(container);
  const sdk = getSdk();
  let manifest;
  try {
    manifest = await readEnvironmentManifest();
  } catch (error) {
    console.error('[shell] environment manifest unavailable', error);
    manifest = { env: 'offline', remotes: {} };
  }
  const mounts = mountTable(manifest);
  startTelemetry({
    manifest,
    sample: telemetrySample(),
    currentApp: () => {
      const owner = findMount(mounts, window.location.pathname);
      return owner ? appOfRemote(owner.remote) : 'shell';
    },
    http: sdk.api.transport.http,
  });
  registerEnvironment(manifest);
  // Typing on /login or /sign-up: the signed-in area's code is fetched meanwhile (app/warm-account.ts).
  if (!sdk.store.session.isSignedIn) warmOnTyping(mounts, { from: '/login', to: '/homes' });
  const router = createRouter(manifest, () => sdk.store.session.isSignedIn);
  // A refused session sends the seller to the login form with the page they tapped, even when the
  // refusal came from that page's data asked for before its address showed.
  setPlaceReader(() => router.state.navigation.location ?? router.state.location);
  // An error a route's boundary caught (a page that throws) is counted for the app whose code threw.
  const onCaughtError = (error: unknown) => {
    telemetry().error(error);
    console.error(error);
  };
  const app = (
    <StrictMode>
      <PrerenderRoot>
        <RouterProvider router={router} />
      </PrerenderRoot>
    </StrictMode>
  );
  // A page the edge prerendered shows its content already: it is hydrated once its
  // remote and page are in, from the data it was rendered with. The edge renders for visitors who
  // are not signed in, so a seller's page (their prices, their header) is rendered here instead,
  // as is a page whose remote could not load.
  if (container.hasAttribute('data-prerendered')) {
    const takeTap = keepEarlyTap(container);
    await firstMatch(router);
    const tapped = takeTap();
    if (!sdk.store.session.isSignedIn && !router.state.errors) {
      // Text typed while the page comes alive, until a moment after it is live (see keepInsertedText).
      const stopKeepingText = keepInsertedText();
      // From here React delivers a tap on a hydrated part (which drops the button kept from before);
      // one it stops, on a part not hydrated yet, is kept to be done once that part is.
      let settling = false;
      let live = false;
      const tapKept = tapAgainLater(container, tapped, () => {
        if (live && !settling) settle(10);
      });
      // What did not reach its part yet is tried at the next idle moment (a few times).
      const settle = (tries: number) => {
        settling = true;
        whenIdle(() => {
          const told = replayEarlyInput(container);
          if (!(tapKept() && told) && tries > 1) settle(tries - 1);
          else settling = false;
        });
      };
      // What was typed is told to React right after the hydration's commit; the kept tap is done
      // once that is done and the commit's effects have run too (whichever comes last does it).
      let told: boolean | undefined;
      let effectsRun = false;
      const tapNow = () => {
        if (!(tapKept() && told)) settle(10);
      };
      beginHydration(
        undefined,
        () => {
          // The page's own effects first: one that sets a part up as it mounts (a menu closed) would
          // otherwise undo the tap.
          effectsRun = true;
          if (told !== undefined) tapNow();
        },
        () => {
          // In the hydration's commit: what the visitor typed, chose or ticked meanwhile is theirs,
          // and read now, before anything renders a field again with the value React holds (that
          // would wipe it).
          const replay = readEarlyInput(container);
          live = true;
          setTimeout(stopKeepingText, KEEP_TEXT_AFTER_LIVE_MS);
          // A prerendered page says when it is live (a test about liveness itself waits for it).
          container.setAttribute('data-live', '');
          // Told to React right after the commit, before the browser hands over any other event:
          // each field as the visitor's own event, rendered before the next; a tap done after it
          // (the kept one, or the visitor's) sees every field. A part hydrated later (a Suspense
          // boundary whose code is not in yet) is told when idle.
          queueMicrotask(() => {
            told = replay();
            if (effectsRun) tapNow();
          });
        },
      );
      // As a transition: the hydration yields to the browser in slices instead of holding the
      // phone's processor in one long task (the content is on screen already).
      startTransition(() => {
        hydrateRoot(container, app, {
          onRecoverableError: (error) => console.error('[shell] hydration', error),
          onCaughtError,
        });
      });
    } else {
      // Rendered afresh: the tapped button is replaced, and is not tapped again.
      createRoot(container, { onCaughtError }).render(app);
    }
  } else {
    createRoot(container, { onCaughtError }).render(app);
  }
  // A tab brought back to the front catches up with any release made meanwhile.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshEnvironment(true);
  });
  // The tracker never competes with the first paint; web vitals are measured once the page is live.
  whenIdle(() => sdk.tracker.start());
  void firstMatch(router).then(() => whenIdle(() => void startVitals().catch(() => undefined)));
  startServiceWorker();
}

main();
