// "Rate history": a disclosure that costs a page nothing until it is opened. The button is all a
// page carries; opening it loads the chart's own chunk (./rate-chart) and only then its data,
// through the `load` the app passes (components never reach the SDK themselves). Imported by path
// (`@giftlane/shared-sdk/ui/rate-history`), like the logo: one source, each app bundling it into a
// chunk of its own. Plain createElement keeps it a .ts module.
import { createElement as h, useId, useState, type ComponentType } from 'react';
import type { RateChartProps } from './rate-chart';

export type { RateChartProps as RateHistoryProps } from './rate-chart';

type Chart = ComponentType<RateChartProps>;

export function RateHistory(props: RateChartProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chart, setChart] = useState<{ C: Chart } | 'loading' | 'failed' | null>(null);
  const fetchChart = () => {
    setChart('loading');
    // A failed chunk (offline) may be tried again: a fresh import() really asks again.
    import(/* webpackChunkName: "rate-chart" */ './rate-chart').then(
      (m) => setChart({ C: m.RateChart }),
      () => setChart('failed'),
    );
  };
  const toggle = () => {
    if (!open && (chart === null || chart === 'failed')) fetchChart();
    setOpen(!open);
  };
  let body = null;
  if (open) {
    if (chart === 'failed') {
      body = h(
        'p',
        { role: 'alert', style: { margin: '8px 0' } },
        'The rate history could not be loaded. Check your connection. ',
        h('button', { type: 'button', className: 'gl-rate-history__retry', onClick: fetchChart }, 'Try again'),
      );
    } else if (chart === null || chart === 'loading') {
      body = h('p', { role: 'status', style: { margin: '8px 0' } }, 'Loading the rate history…');
    } else {
      body = h(chart.C, props);
    }
  }
  return h(
    'div',
    { className: 'gl-rate-history' },
    h(
      'button',
      {
        type: 'button',
        className: 'gl-rate-history__toggle',
        'aria-expanded': open,
        'aria-controls': id,
        onClick: toggle,
        style: {
          background: 'none',
          border: 0,
          padding: '8px 0',
          minHeight: 44,
          color: 'var(--gl-color-primary, #0b7a5a)',
          font: 'inherit',
          fontWeight: 600,
          cursor: 'pointer',
          textDecoration: 'underline',
        },
      },
      h('span', { 'aria-hidden': true }, open ? '▾ ' : '▸ '),
      'Rate history',
    ),
    h('div', { id, hidden: !open }, body),
  );
}
