import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@giftlane/shared-sdk/router';
import { beginHydration, findMount, getSdk, mountTable, PrerenderRoot, themeCssVariables } from '@giftlane/shared-sdk';
import { readEnvironmentManifest } from './app/environment';
import { refreshEnvironment, registerEnvironment } from './app/remotes';
import { createRouter } from './app/router';
import { startServiceWorker } from './app/service-worker';
import { warmOnTyping } from './app/warm-account';
import { keepEarlyTap, keepFormsInPage, replayEarlyInput, tapAgainLater } from './app/early-input';
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
      beginHydration(undefined, () => {
        // What the visitor typed, chose or ticked meanwhile is theirs: told to React at once, before
        // anything renders a field again with the value React holds (that would wipe it).
        const told = replayEarlyInput(container);
        // Then a button tapped before is tapped again, at once (it waits for nothing now). A part
        // hydrated later (the sign-up form's Suspense boundary, once its code is in) is told when idle.
        live = true;
        if (!(tapKept() && told)) settle(10);
        // A prerendered page says when it is live (a test about liveness itself waits for it).
        container.setAttribute('data-live', '');
      });
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
