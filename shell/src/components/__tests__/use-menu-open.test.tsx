import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from '@giftlane/shared-sdk/router';
import { useMenuOpen } from '../use-menu-open';

/** A layout's menu: it stays mounted while the pages under it change. */
function Layout() {
  const [open, setOpen] = useMenuOpen();
  return (
    <>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Menu
      </button>
      <Outlet />
    </>
  );
}
const Page = () => <p>page</p>;

test('a menu stays as the visitor left it on its page, and closes when the address changes', async () => {
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          { path: '/a', Component: Page },
          { path: '/b', Component: Page },
          { path: '/b/:id', Component: Page },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const button = () => screen.getByRole('button', { name: 'Menu' });
  await userEvent.click(button());
  expect(button()).toHaveAttribute('aria-expanded', 'true');
  // The same address again (a search added): still open.
  await act(async () => router.navigate('/a?x=1'));
  expect(button()).toHaveAttribute('aria-expanded', 'true');
  await act(async () => router.navigate('/b'));
  expect(button()).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button());
  expect(button()).toHaveAttribute('aria-expanded', 'true');
  await act(async () => router.navigate('/b/1'));
  expect(button()).toHaveAttribute('aria-expanded', 'false');
});
