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

/** A place in the site: what `location` and the router's locations have in common. */
export interface Place {
  pathname: string;
  search?: string;
  hash?: string;
}

let placeReader: (() => Place) | undefined;

/** The shell tells how to read where the visitor is going. Returns a function that removes it. */
export function setPlaceReader(fn: (() => Place) | undefined): () => void {
  placeReader = fn;
  return () => {
    if (placeReader === fn) placeReader = undefined;
  };
}

/**
 * Where the visitor is, or is going: while a navigation is under way its page's data is already
 * asked for (a route's loader), and a refusal of that call belongs to the page tapped, not to the
 * address still shown.
 */
export function currentPlace(): Place {
  if (placeReader) return placeReader();
  return typeof location === 'undefined' ? { pathname: '/' } : location;
}

export { LOGIN_PATH } from './login-redirect';
