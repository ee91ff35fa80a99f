/** Where our official channels are listed (the public "Official channels" page). */
export const VERIFIED_CHANNELS_PATH = '/verified-channels';

/**
 * The line every code message ends with, so a seller knows where to check a number or an address
 * that writes to them, and what we never ask for.
 */
export const trustLine = (siteUrl: string) =>
  `Only trust channels listed at ${siteUrl}${VERIFIED_CHANNELS_PATH}. We never ask for your PIN or codes.`;
