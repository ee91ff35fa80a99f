// Card photos, avatars and identity documents follow one rule when they are picked: the api's
// (shared-sdk/photos), read from each file's first bytes, so a refused file is named at once.
import { PHOTO_MESSAGES, PHOTO_RULES, PHOTO_SNIFF_BYTES, photoKind } from '@giftlane/shared-sdk/photos';

/** The api's limits on card photos (JPG or PNG, at most 5 MB each, 10 per order). */
export { PHOTO_MESSAGES, PHOTO_RULES };

/** The first bytes of a file (File.slice + arrayBuffer; FileReader where a browser lacks it). */
async function head(file: File): Promise<Uint8Array> {
  const part = file.slice(0, PHOTO_SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsArrayBuffer(part);
  });
}

/**
 * Splits picked files into those to add and a message for each one refused, when they are picked:
 * the kind is read from each file's first bytes (shared-sdk/photos, the api's rule), so a HEIC or a
 * PDF is refused here, not after Sell is pressed.
 */
export async function checkPhotos(
  picked: readonly File[],
  already: number,
): Promise<{ accepted: File[]; errors: string[] }> {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    const kind = photoKind(await head(file).catch(() => new Uint8Array()));
    if (!kind) errors.push(PHOTO_MESSAGES.type(file.name));
    else if (file.size > PHOTO_RULES.maxBytes) errors.push(PHOTO_MESSAGES.size(file.name));
    else if (already + accepted.length >= PHOTO_RULES.maxCount) {
      if (!errors.includes(PHOTO_MESSAGES.count)) errors.push(PHOTO_MESSAGES.count);
    } else accepted.push(file);
  }
  return { accepted, errors };
}
