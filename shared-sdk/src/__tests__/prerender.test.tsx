// A page rendered on the edge with its data is hydrated in the browser from that data —
// no second load, no mismatch, the same DOM nodes — and loads normally from then on.
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Async, useData } from '../ui/async';
import { beginHydration, isHydrating, Prerender, PrerenderRoot } from '../ui/prerender';
import { decodePageData, encodePageData, type PrerenderedData } from '../page-data';

// Rendered and hydrated with React's own act (not Testing Library's): React is told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Rate = { country: number; text: string; minor: bigint };

function Rates({ country, load }: { country: number; load: (c: number) => Promise<Rate> }) {
  const state = useData(() => load(country), [country]);
  return (
    <Async state={state} what="rates">
      {(r) => <p data-testid={`rate-${r.country}`}>{`${r.text} (${r.minor} kobo)`}</p>}
    </Async>
  );
}

/** A page whose content asks for more once its first answer is in (as /home's sections do). */
function Page({ load, start = 1 }: { load: (c: number) => Promise<Rate>; start?: number }) {
  const [country, setCountry] = useState(start);
  const first = useData(() => load(country), [country]);
  return (
    <main>
      <h1>Today’s rates</h1>
      <button type="button" onClick={() => setCountry((c) => c + 10)}>
        Next market
      </button>
      <Async state={first} what="rates">
        {(r) => (
          <>
            <p data-testid="first">{r.text}</p>
            <Rates country={country + 1} load={load} />
          </>
        )}
      </Async>
    </main>
  );
}

const answer = (country: number): Rate => ({ country, text: `Market ${country}: 1,250 per dollar`, minor: 125_000n });

/** What the edge does: render, wait for what the render asked for, render again until nothing new is asked. */
async function renderOnEdge(element: React.ReactElement) {
  const prerender = new Prerender();
  let html = '';
  for (let pass = 0; pass < 4; pass++) {
    html = renderToString(<PrerenderRoot value={prerender}>{element}</PrerenderRoot>);
    if (!(await prerender.settle())) break;
  }
  return { html, data: prerender.answers };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

async function hydrate(html: string, data: PrerenderedData, element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const before = {
    first: container.querySelector('[data-testid="first"]'),
    nested: container.querySelector('[data-testid="rate-2"]'),
  };
  const errors: unknown[] = [];
  // Through the page, as the edge sends it: JSON with bigints kept.
  beginHydration(decodePageData(encodePageData(data)));
  expect(isHydrating()).toBe(true);
  await act(async () => {
    root = hydrateRoot(container, <PrerenderRoot>{element}</PrerenderRoot>, {
      onRecoverableError: (e) => errors.push(e),
    });
  });
  return { container, before, errors };
}

test('the edge renders the content, nested data included, not a loading frame', async () => {
  const load = jest.fn(async (c: number) => answer(c));
  const { html, data } = await renderOnEdge(<Page load={load} />);
  expect(html).toContain('Market 1: 1,250 per dollar');
  expect(html).toContain('Market 2: 1,250 per dollar (125000 kobo)');
  expect(html).not.toContain('gl-skeleton');
  expect(load.mock.calls.map(([c]) => c)).toEqual([1, 2]);
  expect(Object.values(data).map((a) => a.deps)).toEqual(['[1]', '[2]']);
});

test(
  'the browser hydrates from the same data: no mismatch, the same nodes, then one quiet check; later ' + 'changes load',
  async () => {
    const { html, data } = await renderOnEdge(<Page load={async (c) => answer(c)} />);
    let resolveCheck: (() => void) | undefined;
    const checked = new Promise<void>((r) => (resolveCheck = r));
    const load = jest.fn(async (c: number) => {
      await checked;
      return answer(c);
    });
    const { container, before, errors } = await hydrate(html, data, <Page load={load} />);
    expect(errors).toEqual([]);
    expect(isHydrating()).toBe(false);
    expect(container.querySelector('[data-testid="first"]')).toBe(before.first);
    expect(container.querySelector('[data-testid="rate-2"]')).toBe(before.nested);
    // The content stays while the page's answers are checked once; the same answer changes nothing.
    expect(load.mock.calls.map(([c]) => c).sort()).toEqual([1, 2]);
    expect(container.querySelector('.gl-skeleton')).toBeNull();
    await act(async () => resolveCheck!());
    expect(container.querySelector('[data-testid="rate-2"]')).toBe(before.nested);
    expect(before.nested?.textContent).toBe('Market 2: 1,250 per dollar (125000 kobo)');

    // After the hydration, new arguments are loaded, never answered from the page's data.
    load.mockClear();
    await act(async () => container.querySelector('button')!.click());
    expect([...new Set(load.mock.calls.map(([c]) => c))].sort()).toEqual([11, 12]);
    expect(container.querySelector('[data-testid="rate-12"]')?.textContent).toContain('Market 12');
  },
);

test('an answer that changed since the edge rendered the page replaces it after the hydration', async () => {
  const { html, data } = await renderOnEdge(<Page load={async (c) => answer(c)} />);
  const load = jest.fn(async (c: number) => ({ ...answer(c), text: `Market ${c}: 1,300 per dollar` }));
  const { container, errors } = await hydrate(html, data, <Page load={load} />);
  expect(errors).toEqual([]);
  expect(container.querySelector('[data-testid="first"]')?.textContent).toBe('Market 1: 1,300 per dollar');
  expect(container.querySelector('[data-testid="rate-2"]')?.textContent).toBe(
    'Market 2: 1,300 per dollar (125000 kobo)',
  );
});

test(
  'a load that failed on the edge leaves its loading frame; the browser hydrates it and loads it ' + 'itself',
  async () => {
    const { html, data } = await renderOnEdge(<Page load={async () => Promise.reject(new Error('api down'))} />);
    expect(html).toContain('gl-skeleton');
    expect(data).toEqual({});
    const load = jest.fn(async (c: number) => answer(c));
    const { container, errors } = await hydrate(html, data, <Page load={load} />);
    expect(errors).toEqual([]);
    expect(load.mock.calls.map(([c]) => c)).toEqual([1, 2]);
    expect(container.querySelector('[data-testid="first"]')?.textContent).toBe('Market 1: 1,250 per dollar');
  },
);

test('an answer for other arguments is not used: what the browser asks for is loaded', async () => {
  const { data } = await renderOnEdge(<Page load={async (c) => answer(c)} />);
  // The page's data names market 1; this tab starts on market 5 (rendered, not hydrated).
  beginHydration(data);
  const container = document.createElement('div');
  document.body.appendChild(container);
  const load = jest.fn(async (c: number) => answer(c));
  await act(async () => {
    root = hydrateRoot(container, <PrerenderRoot>{<Page load={load} start={5} />}</PrerenderRoot>, {
      onRecoverableError: () => undefined,
    });
  });
  expect(load.mock.calls.map(([c]) => c)).toEqual([5, 6]);
  expect(container.querySelector('[data-testid="first"]')?.textContent).toBe('Market 5: 1,250 per dollar');
});

test('page data keeps amounts in minor units (bigint), and data that looks like the marker stays as it was', () => {
  const data: PrerenderedData = {
    k: {
      deps: '[1]',
      data: { minor: 5n, list: [1n, { $bigint: '9' }], plain: { $bigint: '7', other: 1 }, $$odd: { $bigint: 'x' } },
    },
  };
  const back = decodePageData(encodePageData(data));
  expect(back.k!.data).toEqual(data.k!.data);
  expect(typeof (back.k!.data as { list: unknown[] }).list[1]).toBe('object');
});
