// The rate history chart, loaded on demand by ./rate-history: a card's rate in a payout currency
// over 30 or 90 days as a step line (a rate holds until the next change), its high and low, and a
// sentence saying the same for a screen reader. SVG and a few inline styles: no library, a few KB.
import { createElement as h, useEffect, useId, useRef, useState } from 'react';
import type { RateHistory } from '../gc/types';
import { rateText } from './rate-text';

export interface RateChartProps {
  /** The card shown first, and (when more than one) the cards to choose from. */
  cards: readonly { id: number; name: string }[];
  cardId?: number;
  /** The payout currency code (NGN, GHS, USDT). */
  currency: string;
  load: (req: { card_id: number; currency: string; days: 30 | 90 }) => Promise<RateHistory>;
}

const W = 320;
const H = 120;
const PAD = 6;
const PRIMARY = 'var(--gl-color-primary, #0b7a5a)';
const MUTED = 'var(--gl-color-text-secondary, #4b5a55)';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/** The sentence a screen reader hears (and everyone reads under the chart). */
export function rateSummary(d: RateHistory): string {
  const r = (x: string) => rateText(x, d.currency_symbol);
  const changes = d.points.length - 1;
  const first = d.points[0]!.rate;
  const moved =
    changes === 0
      ? `the rate stayed at ${r(d.current)}`
      : `the rate went from ${r(first)} to ${r(d.current)} in ${changes} change${changes === 1 ? '' : 's'}`;
  return `Over the last ${d.days} days ${moved}. High ${r(d.high)}, low ${r(d.low)}.`;
}

/** The step line's path in the chart's box. */
export function stepPath(d: RateHistory): string {
  const t0 = Date.parse(d.from);
  const span = Math.max(1, Date.parse(d.to) - t0);
  const hi = Number(d.high);
  const lo = Number(d.low);
  const x = (at: string) => PAD + ((Date.parse(at) - t0) / span) * (W - 2 * PAD);
  const y = (rate: string) => (hi === lo ? H / 2 : PAD + ((hi - Number(rate)) / (hi - lo)) * (H - 2 * PAD));
  let path = '';
  d.points.forEach((p, i) => {
    const px = Math.max(PAD, x(p.at)).toFixed(1);
    const py = y(p.rate).toFixed(1);
    path += i === 0 ? `M${px} ${py}` : `H${px}V${py}`;
  });
  return `${path}H${W - PAD}`;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: RateHistory };

export function RateChart({ cards, cardId, currency, load }: RateChartProps) {
  const id = useId();
  // The card the page names (or its only card) is followed as the page changes it; a list may also be chosen from.
  const named = cardId ?? (cards.length === 1 ? cards[0]!.id : undefined);
  const [card, setCard] = useState(named ?? cards[0]?.id ?? 0);
  const [days, setDays] = useState<30 | 90>(30);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The app's loader, read when a load starts: a page re-rendering with a new function loads nothing again.
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (named) setCard(named);
  }, [named]);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loader.current({ card_id: card, currency, days }).then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [card, currency, days, attempt]);

  const tab = (n: 30 | 90) =>
    h(
      'button',
      {
        type: 'button',
        'aria-pressed': days === n,
        onClick: () => setDays(n),
        style: {
          minHeight: 40,
          padding: '0 14px',
          font: 'inherit',
          border: `1px solid ${PRIMARY}`,
          background: days === n ? PRIMARY : 'var(--gl-color-bg-container, #fff)',
          color: days === n ? 'var(--gl-color-on-primary, #fff)' : PRIMARY,
          borderRadius: n === 30 ? '8px 0 0 8px' : '0 8px 8px 0',
          cursor: 'pointer',
        },
      },
      `${n} days`,
    );

  let body;
  if (state.status === 'loading') body = h('p', { role: 'status' }, 'Loading the rate history…');
  else if (state.status === 'error')
    body = h(
      'p',
      { role: 'alert' },
      'The rate history could not be loaded. ',
      h('button', { type: 'button', onClick: () => setAttempt(attempt + 1) }, 'Try again'),
    );
  else {
    const d = state.data;
    const r = (x: string) => rateText(x, d.currency_symbol);
    body = h(
      'figure',
      { style: { margin: 0 }, 'aria-labelledby': `${id}-sum` },
      h(
        'svg',
        {
          viewBox: `0 0 ${W} ${H}`,
          width: '100%',
          height: H,
          preserveAspectRatio: 'none',
          'aria-hidden': true,
          focusable: false,
          style: { display: 'block', maxWidth: 480, background: 'var(--gl-color-bg-layout, #f5f7f6)', borderRadius: 8 },
        },
        h('path', {
          d: stepPath(d),
          fill: 'none',
          stroke: PRIMARY,
          strokeWidth: 2.5,
          vectorEffect: 'non-scaling-stroke',
          strokeLinejoin: 'round',
        }),
      ),
      h(
        'div',
        {
          'aria-hidden': true,
          style: { display: 'flex', justifyContent: 'space-between', maxWidth: 480, color: MUTED },
        },
        h('span', null, day(d.from)),
        h('span', null, 'Today'),
      ),
      h(
        'dl',
        { style: { display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: '8px 0' } },
        ...[
          ['Now', d.current],
          ['High', d.high],
          ['Low', d.low],
        ].map(([k, v]) =>
          h(
            'div',
            { key: k, style: { display: 'flex', gap: 4 } },
            h('dt', { style: { color: MUTED } }, k),
            h('dd', { style: { margin: 0, fontWeight: 600 } }, r(v!)),
          ),
        ),
      ),
      h('figcaption', { id: `${id}-sum`, style: { color: MUTED } }, rateSummary(d)),
    );
  }

  return h(
    'div',
    { className: 'gl-rate-chart', style: { padding: '4px 0 8px', maxWidth: 480 } },
    cards.length > 1
      ? h(
          'label',
          { style: { display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 8 } },
          'Card',
          h(
            'select',
            {
              value: card,
              onChange: (e: { target: { value: string } }) => setCard(Number(e.target.value)),
              style: { minHeight: 40, font: 'inherit', maxWidth: '100%' },
            },
            ...cards.map((c) => h('option', { key: c.id, value: c.id }, c.name)),
          ),
        )
      : null,
    h('div', { role: 'group', 'aria-label': 'Period', style: { display: 'flex', marginBottom: 8 } }, tab(30), tab(90)),
    h('div', { 'aria-live': 'polite' }, body),
  );
}
