// Registers the site's service worker (shell/src/sw) once the page has loaded and the browser is
// idle, so it never competes with the first paint, then hands it the release files this page
// already downloaded so a returning seller does not pay for them again. The edge decides: `true`
// registers, `false` (its kill switch) removes any worker installed before, absent (the dev
// servers) leaves everything alone.
import type { GiftLanePageConfig } from '@giftlane/shared-sdk';

/** The edge's word on the worker, from the page's settings (`<script id="gl-config">`). */
export function serviceWorkerSetting(
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): boolean | undefined {
  try {
    const value = (JSON.parse(doc?.getElementById('gl-config')?.textContent ?? '{}') as GiftLanePageConfig)
      .serviceWorker;
    return typeof value === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What this page has fetched so far: scripts, styles, fonts and images. The worker keeps only the
 * release files among them (its cache-first route decides, wherever releases are served from).
 */
export function loadedFiles(entries: readonly { name: string; initiatorType?: string }[]): string[] {
  const kinds = new Set(['script', 'link', 'css', 'img', 'other']);
  return [
    ...new Set(
      entries.filter((e) => /^https?:/.test(e.name) && kinds.has(e.initiatorType ?? 'other')).map((e) => e.name),
    ),
  ];
}

export function startServiceWorker(setting = serviceWorkerSetting()): void {
  const sw = globalThis.navigator?.serviceWorker;
  if (!sw || setting === undefined) return;
  if (setting === false) {
    void sw.getRegistrations().then((regs) => regs.forEach((r) => void r.unregister()));
    return;
  }
  const register = async () => {
    await sw.register('/sw.js', { scope: '/' });
    const ready = await sw.ready;
    const files = loadedFiles(performance.getEntriesByType('resource') as PerformanceResourceTiming[]);
    ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: files } });
  };
  const whenIdle = () => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
    idle(() => void register().catch((error: unknown) => console.warn('[shell] service worker not registered', error)));
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
