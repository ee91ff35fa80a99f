/**
 * Whether two people's names are the same person's within a tolerance: case, accents and
 * punctuation are ignored; order does not matter ("OKAFOR CHINEDU" = "Chinedu Okafor"); a middle
 * name may be missing on one side; an initial stands for a name ("C. Okafor"). At least one full
 * name must agree, and every part of the shorter name must be found in the other.
 */
export function nameParts(name: string): readonly string[] {
  const kept = parts.get(name);
  if (kept) return kept;
  if (parts.size >= KEPT) parts.clear();
  const made = Object.freeze(partsOf(name));
  parts.set(name, made);
  return made;
}

/**
 * The parts of the names read most recently, at most this many (all forgotten when the next would pass it): a wallet
 * read compares each payout account's name with the verified one, for each wallet, and the Unicode normalisation and
 * the regular expressions cost more than a look-up.
 */
const KEPT = 1000;
const parts = new Map<string, readonly string[]>();

function partsOf(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s'-]/g, ' ')
    .replace(/['-]/g, '')
    .split(/\s+/)
    .filter(Boolean);
}

export function namesMatch(a: string, b: string): boolean {
  const pa = nameParts(a);
  const pb = nameParts(b);
  if (!pa.length || !pb.length) return false;
  // A one-word name matches only the same single word (no surname to anchor it otherwise).
  if ((pa.length === 1) !== (pb.length === 1)) return false;
  // Whole words both sides share first, so an initial does not take the word a whole name needs.
  const ra = [...pa];
  const rb = [...pb];
  let full = 0;
  for (let i = ra.length - 1; i >= 0; i--) {
    const w = ra[i]!;
    if (w.length < 2) continue;
    const j = rb.indexOf(w);
    if (j >= 0) {
      ra.splice(i, 1);
      rb.splice(j, 1);
      full++;
    }
  }
  if (full === 0) return false;
  // What is left on the side with fewer parts must be initials of the other's (or the reverse).
  const [short, long] = ra.length <= rb.length ? [ra, rb] : [rb, ra];
  for (const w of short) {
    const j = long.findIndex((x) => (w.length === 1 && x.startsWith(w)) || (x.length === 1 && w.startsWith(x)));
    if (j < 0) return false;
    long.splice(j, 1);
  }
  return true;
}
