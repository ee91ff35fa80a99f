// The shell's server build: the edge loads it from the live shell release and renders a
// public page into HTML with it — the same route tree, layouts and SDK the browser hydrates with.
// The remote that owns the page comes from its own release's server build, which shares this
// build's singletons (`shared`, the server's counterpart of Module Federation's shared scope).
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as mobx from 'mobx';
import * as mobxReactLite from 'mobx-react-lite';
import * as sdk from '@giftlane/shared-sdk';
import * as router from '@giftlane/shared-sdk/router';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from '@giftlane/shared-sdk/router-server';
import { Prerender, PrerenderRoot, type PrerenderedData, type RemoteRoutesModule } from '@giftlane/shared-sdk';
import { routesWith } from './app/router';

mobxReactLite.enableStaticRendering(true);

/** The singletons a remote's server build takes from here, by the names it imports them under. */
export const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  mobx,
  'mobx-react-lite': mobxReactLite,
  '@giftlane/shared-sdk': sdk,
  '@giftlane/shared-sdk/router': router,
};

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      data: PrerenderedData;
      head: { title?: string; description?: string };
      themeCss: string;
    }
  | { kind: 'redirect'; status: number; location: string };

/** Renders passes at most: a page's content may ask for data its loading state did not. */
const MAX_PASSES = 4;

async function toHtml(element: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const parts: Buffer[] = [];
  for await (const chunk of prelude) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Renders `url` for a visitor who is not signed in, with `remotes` (the owner of the page) in place.
 * Every `useData` of the page is answered before the final pass, and the answers come back with
 * the HTML so the browser hydrates from them.
 */
export async function render(url: string, remotes: RemoteRoutesModule[]): Promise<RenderResult> {
  const handler = createStaticHandler(routesWith(remotes));
  const context = await handler.query(new Request(url));
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  const prerender = new Prerender();
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const staticRouter = createStaticRouter(handler.dataRoutes, context);
    html = await toHtml(
      <React.StrictMode>
        <PrerenderRoot value={prerender}>
          <StaticRouterProvider router={staticRouter} context={context} hydrate={false} />
        </PrerenderRoot>
      </React.StrictMode>,
    );
    if (!(await prerender.settle())) break;
  }
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    data: prerender.answers,
    head: prerender.head,
    themeCss: sdk.themeCssVariables,
  };
}
