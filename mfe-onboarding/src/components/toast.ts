// A short message that outlives the page that showed it ('Registration successful!' is still on
// screen after the move to Home). Plain DOM in one live region on <body>: no antd message bundle,
// and screen readers announce it.
const REGION_ID = 'gl-onboarding-toasts';
const SHOW_MS = 4000;

export type ToastKind = 'success' | 'error' | 'info';

function region(): HTMLElement {
  let el = document.getElementById(REGION_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = REGION_ID;
    el.className = 'gl-toasts';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.appendChild(el);
  }
  return el;
}

/**
 * Shows a toast. A toast stays on its page: the shell removes it at the next page change, unless
 * `carry` (a message about the page being opened, e.g. 'Registration successful!' on Home), which
 * survives that one change.
 */
export function toast(text: string, kind: ToastKind = 'info', { carry = false }: { carry?: boolean } = {}): void {
  if (typeof document === 'undefined') return;
  const item = document.createElement('div');
  item.className = `gl-toast gl-toast--${kind}`;
  if (carry) item.dataset.carry = 'next-page';
  item.textContent = text;
  region().appendChild(item);
  setTimeout(() => item.remove(), SHOW_MS);
}
