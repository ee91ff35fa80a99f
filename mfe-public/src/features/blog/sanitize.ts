// Blog HTML comes from our own api, but a post is still content, not code: DOMPurify keeps the
// formatting and drops every script, event handler, inline style and form (no script from
// content may ever run), and links to other sites open safely.
import DOMPurify from 'dompurify';
import { domWindow } from '../../lib/dom-window';

const purifier = DOMPurify(domWindow());
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
});

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
