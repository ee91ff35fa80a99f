// Renders an element inside a memory router, as the shell's data router would (tests only).
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '@giftlane/shared-sdk/router';

export function inRouter(element: ReactElement) {
  return <RouterProvider router={createMemoryRouter([{ path: '/', element }])} />;
}
