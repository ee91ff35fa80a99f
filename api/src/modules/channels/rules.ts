// Our official channels and the checker's rules: what counts as the same phone number, e-mail
// address or link, so a seller can tell our WhatsApp line from a scammer's look-alike.

/** One WhatsApp number of ours: what it is for and when someone answers. */
export interface WhatsAppChannel {
  number: string;
  purpose: string;
  hours: string;
}
export interface EmailChannel {
  address: string;
  purpose: string;
}
export interface SocialChannel {
  network: string;
  url: string;
}
/** The `official_channels` setting. */
export interface OfficialChannels {
  whatsapp: WhatsAppChannel[];
  emails: EmailChannel[];
  domains: string[];
  socials: SocialChannel[];
}

export const CHANNELS_SETTING = 'official_channels';
export const CHECK_MAX = 300;
export const LIST_MAX = 10;

export const CHANNEL_MESSAGES = {
  checkRequired: 'Type a phone number, an e-mail address or a link to check',
  checkTooLong: `That is too long to be a phone number, an e-mail address or a link (maximum ${CHECK_MAX} characters)`,
  unreadable: 'We could not read that as a phone number, an e-mail address or a link. Check it and try again.',
  badNumber: (n: string) => `“${n}” is not a number in international form, e.g. +2348012345678`,
  badEmail: (e: string) => `“${e}” is not an e-mail address`,
  badDomain: (d: string) => `“${d}” is not a domain name, e.g. giftlane.ng`,
  badUrl: (u: string) => `“${u}” is not an https:// link`,
  tooMany: `At most ${LIST_MAX} entries in each list`,
  noEmail: 'Keep at least one e-mail address',
  noDomain: 'Keep at least one domain',
} as const;

/** The defaults before staff save a list: the configured support addresses and the site's own domain. */
export function defaultChannels(c: {
  supportEmail: string;
  supportWhatsapp: string;
  siteUrl: string;
}): OfficialChannels {
  const host = hostOf(c.siteUrl);
  return {
    whatsapp: c.supportWhatsapp ? [{ number: c.supportWhatsapp, purpose: 'Support', hours: '' }] : [],
    emails: [{ address: c.supportEmail.toLowerCase(), purpose: 'Support' }],
    domains: host ? [host] : [],
    socials: [],
  };
}

/** A host name without "www." and a trailing dot, lower-cased; null when the text is no URL. */
export function hostOf(url: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    return (
      u.hostname
        .toLowerCase()
        .replace(/\.$/, '')
        .replace(/^www\./, '') || null
    );
  } catch {
    return null;
  }
}

const E164 = /^\+\d{8,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Staff's list, cleaned (trimmed, lower-cased where case means nothing); throws the first problem's words. */
export function cleanChannels(
  input: OfficialChannels,
): { ok: true; value: OfficialChannels } | { ok: false; why: string } {
  const lists = [input.whatsapp, input.emails, input.domains, input.socials];
  if (lists.some((l) => l.length > LIST_MAX)) return { ok: false, why: CHANNEL_MESSAGES.tooMany };
  const whatsapp: WhatsAppChannel[] = [];
  for (const w of input.whatsapp) {
    const number = w.number.replace(/[\s().-]/g, '');
    if (!E164.test(number)) return { ok: false, why: CHANNEL_MESSAGES.badNumber(w.number) };
    whatsapp.push({ number, purpose: w.purpose.trim(), hours: w.hours.trim() });
  }
  const emails: EmailChannel[] = [];
  for (const e of input.emails) {
    const address = e.address.trim().toLowerCase();
    if (!EMAIL.test(address)) return { ok: false, why: CHANNEL_MESSAGES.badEmail(e.address) };
    emails.push({ address, purpose: e.purpose.trim() });
  }
  const domains: string[] = [];
  for (const d of input.domains) {
    const domain = d
      .trim()
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '');
    // One label only for a local site (npm start's localhost).
    if (!DOMAIN.test(domain) || (!domain.includes('.') && domain !== 'localhost'))
      return { ok: false, why: CHANNEL_MESSAGES.badDomain(d) };
    domains.push(domain);
  }
  const socials: SocialChannel[] = [];
  for (const s of input.socials) {
    const url = s.url.trim();
    if (!/^https:\/\//i.test(url) || !hostOf(url)) return { ok: false, why: CHANNEL_MESSAGES.badUrl(s.url) };
    socials.push({ network: s.network.trim(), url });
  }
  if (!emails.length) return { ok: false, why: CHANNEL_MESSAGES.noEmail };
  if (!domains.length) return { ok: false, why: CHANNEL_MESSAGES.noDomain };
  return { ok: true, value: { whatsapp, emails, domains, socials } };
}

/** Two lists are the same when these are (the database keeps an object's keys in its own order). */
export const sameChannels = (a: OfficialChannels, b: OfficialChannels) => {
  const canon = (c: OfficialChannels) =>
    JSON.stringify([
      c.whatsapp.map((w) => [w.number, w.purpose, w.hours]),
      c.emails.map((e) => [e.address, e.purpose]),
      c.domains,
      c.socials.map((x) => [x.network, x.url]),
    ]);
  return canon(a) === canon(b);
};

/** What a checked text turned out to be, and which of our channels it is, if any. */
export interface CheckResult {
  kind: 'phone' | 'email' | 'link';
  /** The text as compared: digits with a +, a lower-cased address, a host (and path for a profile). */
  value: string;
  ours: boolean;
  /** The channel it matched, as listed. */
  match: { type: 'whatsapp' | 'email' | 'domain' | 'social'; value: string; label: string } | null;
}

const WHATSAPP_HOSTS = new Set(['wa.me', 'api.whatsapp.com', 'web.whatsapp.com', 'whatsapp.com']);
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

/**
 * Does a phone number match one of ours? "+234 803 123 4567", "2348031234567", "00234…" and the
 * local "0803 123 4567" are the same number; a local form is compared with the number after its
 * country code (1 to 3 digits).
 */
function phoneMatches(input: string, listed: string): boolean {
  const ours = listed.replace(/\D/g, '');
  const trimmed = input.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits === ours;
  if (digits.startsWith('00')) return digits.slice(2) === ours;
  if (digits === ours) return true;
  if (digits.startsWith('0')) {
    digits = digits.slice(1);
    const cc = ours.length - digits.length;
    return digits.length >= 7 && cc >= 1 && cc <= 3 && ours.endsWith(digits);
  }
  return false;
}

/** Our domain or a name under it (pay.giftlane.ng); a name that merely contains it is not. */
const underDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** A profile's address for comparing: host without www./m., path lower-cased without a trailing slash. */
function profileKey(url: string): string | null {
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    const host = u.hostname
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^(www|m|mobile)\./, '');
    const path = u.pathname.toLowerCase().replace(/\/+$/, '');
    return path ? `${host}${path}` : null;
  } catch {
    return null;
  }
}

function checkPhone(text: string, channels: OfficialChannels): CheckResult {
  const digits = text.replace(/\D/g, '');
  const value = text.trim().startsWith('+') || digits.startsWith('00') ? `+${digits.replace(/^00/, '')}` : digits;
  const hit = channels.whatsapp.find((w) => phoneMatches(text, w.number));
  return {
    kind: 'phone',
    value,
    ours: Boolean(hit),
    match: hit ? { type: 'whatsapp', value: hit.number, label: hit.purpose } : null,
  };
}

/** Checks one typed text against our channels; null when it is none of a number, an address or a link. */
export function checkChannel(text: string, channels: OfficialChannels): CheckResult | null {
  const t = text.trim().replace(/^mailto:/i, '');
  if (PHONE_TEXT.test(t) && t.replace(/\D/g, '').length >= 7) return checkPhone(t, channels);
  if (!/[\s/]/.test(t) && EMAIL.test(t)) {
    const value = t.toLowerCase();
    const hit = channels.emails.find((e) => e.address === value);
    return {
      kind: 'email',
      value,
      ours: Boolean(hit),
      match: hit ? { type: 'email', value: hit.address, label: hit.purpose } : null,
    };
  }
  if (/\s/.test(t)) return null;
  const host = hostOf(t);
  if (!host || !host.includes('.')) return null;
  if (WHATSAPP_HOSTS.has(host)) {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`);
    const number = u.searchParams.get('phone') ?? u.pathname.replace(/^\//, '');
    if (/^\+?\d{7,15}$/.test(number.replace(/[\s-]/g, '')))
      return { ...checkPhone(`+${number.replace(/\D/g, '')}`, channels), kind: 'link' };
  }
  const profile = profileKey(t);
  const social = profile ? channels.socials.find((s) => profileKey(s.url) === profile) : undefined;
  if (social)
    return {
      kind: 'link',
      value: profile!,
      ours: true,
      match: { type: 'social', value: social.url, label: social.network },
    };
  const domain = channels.domains.find((d) => underDomain(host, d));
  return {
    kind: 'link',
    value: host,
    ours: Boolean(domain),
    match: domain ? { type: 'domain', value: domain, label: 'Our website' } : null,
  };
}
