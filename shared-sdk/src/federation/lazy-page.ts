// A remote's pages load on demand and render inside the remote's own root wrapper (its antd theme
// provider), so every app looks the same while each ships only the antd parts it uses.
import { createElement, type ComponentType, type ReactNode } from 'react';

type PageModule = { default: ComponentType };

/**
 * A page's code that failed to load is asked for once more, this long after, before the page shows its
 * error: a preload of it the network dropped (the edge names the page's chunk in the HTML) is handed,
 * failed, to the first ask.
 */
const PAGE_RETRY_MS = 400;

/** Turns `() => import('./page')` into a React Router `lazy` that wraps the page in `Root`. */
export function lazyPage(load: () => Promise<PageModule>, Root?: ComponentType<{ children?: ReactNode }>) {
  return async () => {
    const { default: Page } = await load().catch(() =>
      new Promise((wait) => setTimeout(wait, PAGE_RETRY_MS)).then(load),
    );
    const Component = Root ? () => createElement(Root, null, createElement(Page)) : Page;
    return { Component };
  };
}
