// Loads a provider's script once, on demand (only when its button is pressed: nobody pays for three
// provider SDKs just to see the login page).
const loading = new Map<string, Promise<void>>();

export class ScriptTimeoutError extends Error {}
export class ScriptLoadError extends Error {}

export function loadScript(src: string, timeoutMs?: number): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: Error) => {
      if (timer) clearTimeout(timer);
      loading.delete(src);
      script.remove();
      reject(error);
    };
    script.onload = () => {
      if (timer) clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new ScriptLoadError(`could not load ${src}`));
    if (timeoutMs)
      timer = setTimeout(() => fail(new ScriptTimeoutError(`${src} took over ${timeoutMs} ms`)), timeoutMs);
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** The claims of a JWT's payload, read without verifying (the api verifies; we only prefill). */
export function jwtClaims(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return {};
  }
}
