// Reading a metrics endpoint as Prometheus does: the text format parsed by a parser that
// is not ours, then one sample's value by its name and labels.
import parsePrometheusTextFormat, { type Family } from 'parse-prometheus-text-format';

export async function scrape(url: string, headers: Record<string, string> = {}): Promise<Family[]> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return parsePrometheusTextFormat(await res.text());
}

/** The value of a counter or gauge sample (undefined when absent); a histogram's count. */
export function sample(families: Family[], name: string, labels: Record<string, string> = {}): number | undefined {
  const family = families.find((f) => f.name === name);
  const match = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (!match) return undefined;
  return Number(match.value ?? match.count);
}
