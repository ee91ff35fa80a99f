import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// React Router 7 needs these in jsdom.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd reads matchMedia for responsive components.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom has <dialog> but not its modal methods.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// antd's tables measure the scrollbar through getComputedStyle(element, '::-webkit-scrollbar'); jsdom
// has no pseudo-elements and logs "Not implemented" on every table. It has no scrollbars either: the
// element's own style answers.
if (typeof window !== 'undefined') {
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
}
