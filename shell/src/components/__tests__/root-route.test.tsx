import { useEffect, useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

/**
 * jsdom lays nothing out and has no scrollIntoView: the scrolls are recorded in order, not made ('top' for a
 * scroll to the top, the target's id and how for a scroll to it). `sight` says where the target is after its
 * scrolls (jsdom puts every element at 0).
 */
function recordScrolls(sight: () => { top: number; bottom: number } = () => ({ top: 0, bottom: 100 })) {
  const scrolls: string[] = [];
  Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
    scrolls.push(`${this.id} ${typeof arg === 'object' && arg.behavior === 'smooth' ? 'smoothly' : 'at once'}`);
  };
  const rect = jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ ...sight(), left: 0, right: 0, width: 0, height: 0, x: 0, y: 0 }) as DOMRect);
  const top = jest.spyOn(window, 'scrollTo').mockImplementation(() => void scrolls.push('top'));
  return {
    scrolls,
    restore: () => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      rect.mockRestore();
      top.mockRestore();
    },
  };
}

const site = () =>
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

test('a link to a hash on another page: the top of that page, then smoothly to the target when it comes', async () => {
  const r = recordScrolls();
  try {
    site();
    fireEvent.click(screen.getByRole('link', { name: 'rate calculator' }));
    expect(await screen.findByText('Rate calculator')).toBeTruthy();
    await waitFor(() => expect(r.scrolls).toEqual(['top', 'calculator smoothly']));
    // In sight: nothing more is done.
    await act(() => new Promise((done) => setTimeout(done, 1_100)));
    expect(r.scrolls).toEqual(['top', 'calculator smoothly']);
  } finally {
    r.restore();
  }
});

test('a smooth scroll the page cut short, the target left out of sight: the target is shown at once', async () => {
  // The page grew under the scroll: the target ends up far below the screen.
  const r = recordScrolls(() => ({ top: 3000, bottom: 3400 }));
  try {
    site();
    fireEvent.click(screen.getByRole('link', { name: 'rate calculator' }));
    await waitFor(() => expect(r.scrolls).toEqual(['top', 'calculator smoothly']));
    await waitFor(() => expect(r.scrolls).toEqual(['top', 'calculator smoothly', 'calculator at once']), {
      timeout: 2_000,
    });
  } finally {
    r.restore();
  }
});

test('the visitor moving the page themselves ends it: the target is not brought back', async () => {
  const r = recordScrolls(() => ({ top: 3000, bottom: 3400 }));
  try {
    site();
    fireEvent.click(screen.getByRole('link', { name: 'rate calculator' }));
    await waitFor(() => expect(r.scrolls).toEqual(['top', 'calculator smoothly']));
    fireEvent.touchStart(window);
    await act(() => new Promise((done) => setTimeout(done, 1_500)));
    expect(r.scrolls).toEqual(['top', 'calculator smoothly']);
  } finally {
    r.restore();
  }
});
