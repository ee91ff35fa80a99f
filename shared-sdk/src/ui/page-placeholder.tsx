// A page whose real content is owned by an open issue shows its title in the right layout and
// says so plainly, instead of pretending (README's status table lists these pages).
import { createElement as h, useEffect } from 'react';

export function PagePlaceholder({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} — GiftLane`;
  }, [title]);
  return h(
    'section',
    { className: 'gl-placeholder', 'data-page': title },
    h('h1', null, title),
    h('p', null, 'This page is being built. Everything else on GiftLane keeps working.'),
  );
}
