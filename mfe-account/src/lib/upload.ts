// A photo up through a presigned URL (CONTRACT §2.4): the card photos of an order, the avatar and
// identity documents all go this way, and a refusal is told with the file's name.
import { getSdk, NetworkError } from '@giftlane/shared-sdk';

export class UploadError extends Error {}

/** The public URL of a presigned upload URL is the URL without its query (CONTRACT §2.4). */
export const publicUrlOf = (presigned: string) => presigned.split('?')[0] ?? presigned;

export async function putPhoto(url: string, file: File): Promise<void> {
  let res: Response;
  try {
    const headers = { 'Content-Type': file.type || 'application/octet-stream' };
    res = await fetch(url, { method: 'PUT', body: file, headers });
  } catch (cause) {
    throw new NetworkError('upload', undefined, { cause });
  }
  if (res.ok) return;
  let msg = '';
  try {
    msg = ((await res.json()) as { msg?: string }).msg ?? '';
  } catch {
    // Not an envelope: the generic message below says enough.
  }
  throw new UploadError(`${file.name}: ${msg || 'the photo could not be uploaded. Please try again.'}`);
}

/** One photo up through a presigned URL (order/obsUrl, one PUT); answers its public URL. */
export async function uploadPhoto(file: File): Promise<string> {
  const slot = await getSdk().api.order.obsUrl();
  await putPhoto(slot.url, file);
  return publicUrlOf(slot.url);
}
