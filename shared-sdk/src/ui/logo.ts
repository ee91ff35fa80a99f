// The one GiftLane logo (mark + product name), for every app: inline SVG, no request. Imported by
// path (`@giftlane/shared-sdk/ui/logo`): a pure component, so each app may carry its own copy of
// these few bytes without breaking the singleton. Plain createElement keeps it a .ts module; the
// caller passes the product name (PRODUCT_NAME from the shared package), so no second copy of the
// settings module ships with it.
import { createElement as h } from 'react';

const PRIMARY = 'var(--gl-color-primary, #0b7a5a)';

export function Logo({ name }: { name: string }) {
  return h(
    'span',
    { className: 'gl-logo' },
    h(
      'svg',
      { width: 28, height: 28, viewBox: '0 0 28 28', 'aria-hidden': true, focusable: false },
      h('rect', { width: 28, height: 28, rx: 7, fill: PRIMARY }),
      h('path', { d: 'M7 11h14v10a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V11Z', fill: '#fff', opacity: 0.95 }),
      h('path', { d: 'M6 8.5h16V11H6z', fill: '#fff' }),
      h('path', { d: 'M13 8.5h2V23h-2z', fill: PRIMARY }),
    ),
    h('span', { className: 'gl-logo__text' }, name),
  );
}
