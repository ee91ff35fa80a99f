// Our official channels: the list (staff's setting, or the configured addresses before one is
// saved) and the checker that tells a seller whether a number, an address or a link is ours.
import type { Config } from '../../config/env.js';
import { AppError } from '../../lib/envelope.js';
import type { Queryable } from '../../db/db.js';
import type { Reference } from '../../shared/reference.js';
import { VERIFIED_CHANNELS_PATH } from '../../shared/trust-line.js';
import { channelsRepo } from './repo.js';
import {
  CHANNEL_MESSAGES,
  CHANNELS_SETTING,
  checkChannel,
  cleanChannels,
  defaultChannels,
  type CheckResult,
  type OfficialChannels,
} from './rules.js';

export interface ChannelsDeps {
  ref: Reference;
  config: Pick<Config, 'supportEmail' | 'supportWhatsapp'> & { security: Pick<Config['security'], 'siteUrl'> };
}

const defaultsOf = (deps: ChannelsDeps) =>
  defaultChannels({
    supportEmail: deps.config.supportEmail,
    supportWhatsapp: deps.config.supportWhatsapp,
    siteUrl: deps.config.security.siteUrl,
  });

/** The channels as staff saved them, or the configured support addresses and site domain until they do. */
export async function officialChannels(deps: ChannelsDeps): Promise<OfficialChannels> {
  return (await deps.ref.setting<OfficialChannels | null>(CHANNELS_SETTING, null)) ?? defaultsOf(deps);
}

/** The public list: each WhatsApp number with its chat link, each profile with its handle. */
export async function channelList(deps: ChannelsDeps) {
  const c = await officialChannels(deps);
  return {
    whatsapp: c.whatsapp.map((w) => ({ ...w, link: `https://wa.me/${w.number.replace(/\D/g, '')}` })),
    emails: c.emails,
    domains: c.domains,
    socials: c.socials.map((s) => ({ ...s, handle: handleOf(s.url) })),
    page_url: `${deps.config.security.siteUrl}${VERIFIED_CHANNELS_PATH}`,
  };
}

const handleOf = (url: string) => {
  const last =
    url
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? '';
  return last && !/\.(php|html?)$/i.test(last) ? `@${last.replace(/^@/, '')}` : '';
};

/** Is this number, address or link ours? Refuses a text that is none of them, in words. */
export async function checkOfficial(deps: ChannelsDeps, input: { text: string }): Promise<CheckResult> {
  const result = checkChannel(input.text, await officialChannels(deps));
  if (!result) throw new AppError(CHANNEL_MESSAGES.unreadable);
  return result;
}

/**
 * Replaces the list inside the caller's transaction (which writes the audit row), after the same
 * checks the form shows; answers the list before and after.
 */
export async function replaceChannels(
  q: Queryable,
  deps: ChannelsDeps,
  input: { channels: OfficialChannels },
): Promise<{ before: OfficialChannels; after: OfficialChannels }> {
  const clean = cleanChannels(input.channels);
  if (!clean.ok) throw new AppError(clean.why);
  const before = (await channelsRepo.lockSaved(q)) ?? defaultsOf(deps);
  await channelsRepo.save(q, clean.value);
  return { before, after: clean.value };
}

/** Forgets the cached settings, so the next read sees a saved change. */
export function channelsChanged(deps: ChannelsDeps): void {
  deps.ref.settings.clear();
}
