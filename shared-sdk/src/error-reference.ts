// The reference of a failed call, shown small under its message ("Reference: 7F3K2Q"):
// the seller reads it to support, who find the request by it. Imported by path, so each remote
// bundles it and runs with any shell (an error from an older SDK simply has no reference).
// A .ts file (the package exports ./*.ts by path), so the markup is written with createElement.
import { createElement } from 'react';
import { normalizeRef } from './request-id';

/** The reference a failed call carries (ApiError or NetworkError `ref`), if any. */
export function errorRef(error: unknown): string | undefined {
  const ref = typeof error === 'object' && error !== null ? (error as { ref?: unknown }).ref : undefined;
  return typeof ref === 'string' && normalizeRef(ref) === ref ? ref : undefined;
}

/** "Reference: 7F3K2Q" under an error message; nothing when the failure has none. */
export function ErrorReference({ error, reference }: { error?: unknown; reference?: string }) {
  const ref = reference ?? errorRef(error);
  if (!ref) return null;
  // The leading space keeps message and reference apart when read as text (a screen reader).
  const code = createElement('span', { translate: 'no' }, ref);
  return createElement('small', { className: 'gl-error-ref' }, ' Reference: ', code);
}
