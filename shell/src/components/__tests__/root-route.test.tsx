import { useEffect, useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from '@giftlane/shared-sdk/router';
import { RootRoute } from '../root-route';

/** A page whose content comes a moment after it is opened, as a remote's code does on a slow phone. */
function LatePage() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), 50);
    return () => clearTimeout(t);
  }, []);
  return shown ? <div id="calculator">Rate calculator</div> : <p>Loading…</p>;
}

test('a link to a hash scrolls to its target when the target comes after the page opened', async () => {
  // jsdom lays nothing out and has no scrollIntoView: the scrolls are recorded, not made.
  const scrolledTo: string[] = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this.id);
  };
  const top = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    render(
      <MemoryRouter initialEntries={['/ratesheet']}>
        <Routes>
          <Route element={<RootRoute />}>
            <Route path="/ratesheet" element={<Link to="/home#calculator">rate calculator</Link>} />
            <Route path="/home" element={<LatePage />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'rate calculator' }));
    expect(await screen.findByText('Rate calculator')).toBeTruthy();
    await waitFor(() => expect(scrolledTo).toEqual(['calculator']));
  } finally {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    top.mockRestore();
  }
});
