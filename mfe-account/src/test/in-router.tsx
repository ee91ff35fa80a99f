// Renders an element inside a memory router, as the shell's data router would (tests only).
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '@giftlane/shared-sdk/router';

export function inRouter(element: ReactElement, extra: Array<{ path: string; element: ReactElement }> = [], at = '/') {
  return <RouterProvider router={createMemoryRouter([{ path: '/', element }, ...extra], { initialEntries: [at] })} />;
}
