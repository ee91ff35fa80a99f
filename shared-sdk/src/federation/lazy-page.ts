// A remote's pages load on demand and render inside the remote's own root wrapper (its antd theme
// provider), so every app looks the same while each ships only the antd parts it uses.
import { createElement, type ComponentType, type ReactNode } from 'react';

type PageModule = { default: ComponentType };

/** Turns `() => import('./page')` into a React Router `lazy` that wraps the page in `Root`. */
export function lazyPage(load: () => Promise<PageModule>, Root?: ComponentType<{ children?: ReactNode }>) {
  return async () => {
    const { default: Page } = await load();
    const Component = Root ? () => createElement(Root, null, createElement(Page)) : Page;
    return { Component };
  };
}
