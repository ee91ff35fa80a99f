// The environment manifest names each remote's version, entry and the paths it owns. The edge
// server inlines it into the HTML (one round trip fewer on slow networks); otherwise it is fetched.
import type { EnvironmentManifest } from '@giftlane/shared-sdk';

export async function readEnvironmentManifest(): Promise<EnvironmentManifest> {
  const inline = document.getElementById('gl-remotes');
  if (inline?.textContent) return JSON.parse(inline.textContent) as EnvironmentManifest;
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return (await res.json()) as EnvironmentManifest;
}
