// The console's screens under test: a page rendered at a path in a memory router (its links,
// parameters and navigation are real), talking to the real operator client over testOps' table of
// wire replies (`@giftlane/shared-sdk/ops/testing`). Tests only.
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
// A component router: the data router needs fetch's Request and MessageChannel, which jsdom lacks.
import { MemoryRouter, Route, Routes, useLocation } from '@giftlane/shared-sdk/router';
import { AREAS, areaHref } from '../app/areas';
import { gated } from '../app/gate';
import { ThemeRoot } from '../app/theme-root';

/** Any other screen: says where the page sent the operator. */
function Elsewhere() {
  return <p data-testid="elsewhere">{useLocation().pathname}</p>;
}

/**
 * Renders `Page` at `at` (matched by `path`) inside the console's antd provider, as the console does (its dialogs
 * come from it); other paths show where a navigation went.
 */
export function renderPage(Page: ComponentType, at = '/ops', path = at) {
  return render(
    <ThemeRoot>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={<Page />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </ThemeRoot>,
  );
}

/** `Page` as the console's routes mount it at its area's `path` (app/areas.ts): behind the area's roles. */
export function renderArea(Page: ComponentType, at = '/ops', path = at) {
  const area = AREAS.find((a) => areaHref(a) === path);
  if (!area) throw new Error(`No console area at ${path}`);
  return renderPage(gated(area, Page), at, path);
}
