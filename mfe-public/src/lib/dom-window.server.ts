// The edge's counterpart of dom-window.ts (a server build takes a file's `.server` twin): a DOM of
// its own (jsdom, which the edge provides) for DOMPurify.
import { JSDOM } from 'jsdom';

export const domWindow = (): Window & typeof globalThis =>
  new JSDOM('').window as unknown as Window & typeof globalThis;
