// The SDK cannot import the shell's router, so the shell registers how to navigate.
export type NavigationHandler = (to: string) => void;

let handler: NavigationHandler | undefined;

/** The shell calls this once with its router's navigate. Returns a function that removes it. */
export function setNavigationHandler(fn: NavigationHandler | undefined): () => void {
  handler = fn;
  return () => {
    if (handler === fn) handler = undefined;
  };
}

/** Navigates through the shell's router, or with a full page load when none is registered. */
export function navigate(to: string): void {
  if (handler) {
    handler(to);
    return;
  }
  if (typeof location !== 'undefined') location.assign(to);
}

export { LOGIN_PATH } from './login-redirect';
