// The one rule for card photos, for the sell form, the public /sellcard page and the api: how many
// per order, how big, and which kinds — the kind read from the file's first bytes, never from its
// name or the type the browser guesses (an iPhone HEIC renamed .jpg is not a JPG).
// Import it as `@giftlane/shared-sdk/photos`: plain rules, bundled by the apps that use them.

export type PhotoKind = 'jpeg' | 'png' | 'webp';

export const PHOTO_RULES = Object.freeze({
  /** Photos per order. */
  maxCount: 10,
  maxBytes: 5 * 1024 * 1024,
  /** What the file picker offers. */
  accept: 'image/jpeg,image/png,image/webp',
  /** In words, for hints and messages. */
  kinds: 'JPG, PNG or WebP',
  sizeText: '5 MB',
});

/** How many leading bytes `photoKind` needs. */
export const PHOTO_SNIFF_BYTES = 12;

/** The kind of image the bytes start with, or undefined when they are not a JPG, PNG or WebP. */
export function photoKind(head: Uint8Array): PhotoKind | undefined {
  const at = (i: number) => head[i];
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => at(i) === b)) return 'png';
  if (head.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export const PHOTO_MESSAGES = {
  type: (name: string) =>
    `${name} is not a ${PHOTO_RULES.kinds} photo. On an iPhone, choose “Most Compatible” in Settings › Camera › ` +
    `Formats, or take a screenshot of the photo.`,
  size: (name: string) => `${name} is larger than ${PHOTO_RULES.sizeText}. Please take a smaller photo or crop it.`,
  count: `You can add up to ${PHOTO_RULES.maxCount} photos per order.`,
} as const;
