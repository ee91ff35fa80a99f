import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@giftlane/shared-sdk/router';
import { getSdk, themeCssVariables } from '@giftlane/shared-sdk';
import { readEnvironmentManifest } from './app/environment';
import { refreshEnvironment, registerEnvironment } from './app/remotes';
import { createRouter } from './app/router';
import { startServiceWorker } from './app/service-worker';
import './styles/shell.css';

function injectTheme() {
  const style = document.createElement('style');
  style.id = 'gl-theme';
  style.textContent = themeCssVariables;
  document.head.prepend(style);
}

function startTrackerWhenIdle(start: () => void) {
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
  idle(() => start());
}

async function main() {
  injectTheme();
  const root = createRoot(document.getElementById('root')!);
  const sdk = getSdk();
  let manifest;
  try {
    manifest = await readEnvironmentManifest();
  } catch (error) {
    console.error('[shell] environment manifest unavailable', error);
    manifest = { env: 'offline', remotes: {} };
  }
  registerEnvironment(manifest);
  const router = createRouter(manifest, () => sdk.store.session.isSignedIn);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // A tab brought back to the front catches up with any release made meanwhile.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshEnvironment(true);
  });
  // The tracker never competes with the first paint.
  startTrackerWhenIdle(() => sdk.tracker.start());
  startServiceWorker();
}

main();
