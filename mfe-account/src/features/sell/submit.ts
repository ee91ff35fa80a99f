// Submitting a sell order (CONTRACT §5): presigned upload URLs from order/obsUrls, one PUT per
// photo, then order/appadd with an idempotency key. Photos already uploaded keep their URL, and a
// retry sends the same key and fields, so a lost reply or a double tap never makes two orders.
import {
  errorMessage,
  getSdk,
  NetworkError,
  NETWORK_ERROR_MESSAGE,
  type OrderSell,
  type WalletType,
} from '@giftlane/shared-sdk';
import { publicUrlOf, putPhoto, UploadError } from '../../lib/upload';

export interface Photo {
  id: string;
  file: File;
  /** A blob: URL for the preview. */
  preview: string;
  /** The public URL once uploaded. */
  uploaded?: string;
}

export interface SellSubmission {
  photos: Photo[];
  memo: string;
  walletType: WalletType;
  cardId?: number;
  faceValue?: string;
  cardForm?: string;
  couponCode?: string;
  idempotencyKey: string;
}

export type SubmitStep = { kind: 'uploading'; done: number; total: number } | { kind: 'submitting' };

/** Uploads the photos not uploaded yet; records each URL on its photo as soon as it is stored. */
export async function uploadPhotos(
  photos: Photo[],
  onStep: (s: SubmitStep) => void,
  onUploaded: (id: string, url: string) => void,
): Promise<string[]> {
  const todo = photos.filter((p) => !p.uploaded);
  const urls = new Map(photos.filter((p) => p.uploaded).map((p) => [p.id, p.uploaded as string]));
  if (todo.length) {
    const slots = await getSdk().api.order.obsUrls({ image_count: todo.length });
    if (slots.length < todo.length) throw new UploadError('We could not prepare the upload. Please try again.');
    let done = 0;
    onStep({ kind: 'uploading', done, total: todo.length });
    for (const [i, photo] of todo.entries()) {
      const slot = slots[i]!;
      await putPhoto(slot.url, photo.file);
      const url = publicUrlOf(slot.url);
      urls.set(photo.id, url);
      onUploaded(photo.id, url);
      onStep({ kind: 'uploading', done: ++done, total: todo.length });
    }
  }
  return photos.map((p) => urls.get(p.id) as string);
}

export async function submitSell(
  s: SellSubmission,
  onStep: (s: SubmitStep) => void,
  onUploaded: (id: string, url: string) => void,
): Promise<OrderSell> {
  const images = await uploadPhotos(s.photos, onStep, onUploaded);
  onStep({ kind: 'submitting' });
  return getSdk().api.order.appadd({
    images,
    user_memo: s.memo.trim(),
    wallet_type: s.walletType,
    coupon_code: s.couponCode ?? '',
    card_id: s.cardId,
    face_value: s.faceValue,
    card_form: s.cardForm,
    idempotency_key: s.idempotencyKey,
  });
}

/** What went wrong, in words a seller can act on. */
export function submitErrorMessage(error: unknown): string {
  if (error instanceof NetworkError)
    return `${NETWORK_ERROR_MESSAGE} Your order was not lost: press Sell again and it will be sent once.`;
  if (error instanceof UploadError) return error.message;
  return errorMessage(error, 'Something went wrong while sending your order. Please try again.');
}

/** A fresh idempotency key: 8–100 letters, digits, dashes (the api's format). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `sell-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return `sell-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
