// The views of the flows other than login come in two chunks, loaded when a flow is first opened —
// or earlier, when a link to it is touched (`warmOn`); the route that opens on one of its views
// loads it with the page — so /login carries only the login form. Once a chunk is in, its views
// render at once, without a loading frame.
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { ViewProps } from './view-props';

type ViewModule = Record<string, ComponentType<ViewProps>>;
type Loader = () => Promise<ViewModule>;

export const loadSignUpViews: Loader = () => import('../features/sign-up/views');
export const loadPasswordViews: Loader = () => import('../features/password/views');

const loaded = new Map<Loader, ViewModule>();

function fetchChunk(load: Loader): Promise<ViewModule> {
  return load().then((m) => {
    loaded.set(load, m);
    return m;
  });
}

/** Starts loading a chunk (errors are left to the view that needs it, which retries). */
export function warm(load: Loader): Promise<void> {
  return fetchChunk(load).then(
    () => undefined,
    () => undefined,
  );
}

/** Props for a link or button that leads to a flow: touching, hovering or focusing it starts the load. */
export const warmOn = (load: Loader) => {
  const start = () => void warm(load);
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
};

/** Loads a chunk, failing as its load does (a route that cannot show its view without it). */
export const loadChunk = (load: Loader): Promise<void> => fetchChunk(load).then(() => undefined);

/** A view; `ready` (a view from a chunk) says whether its code is in, so that it renders at once. */
export type ViewComponent = ComponentType<ViewProps> & { ready?: () => boolean };

/** A view from a chunk: rendered at once when the chunk is in, else through Suspense while it loads. */
export function lazyView(load: Loader, name: string): ViewComponent {
  const Lazy = lazy(async () => ({ default: (await fetchChunk(load))[name]! }));
  function LazyView(props: ViewProps) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the
    // view and lose what the seller typed.
    const [View] = useState<ComponentType<ViewProps>>(() => loaded.get(load)?.[name] ?? Lazy);
    return createElement(View, props);
  }
  LazyView.displayName = `LazyView(${name})`;
  LazyView.ready = () => loaded.has(load);
  return LazyView;
}
