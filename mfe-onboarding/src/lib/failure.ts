// The words a failed call shows (SPEC §8): the server's msg when it sent one, else the fallback for
// a refusal; a thrown exception (no reply) has its own wording.
import { ApiError } from '@giftlane/shared-sdk';
import { errorRef } from '@giftlane/shared-sdk/error-reference';

export function failureText(error: unknown, refused: string, exception: string): string {
  if (error instanceof ApiError) return error.msg || refused;
  return exception;
}

/** What a form's alert shows: the words, and the reference of the failed call to read to support. */
export interface Failure {
  text: string;
  ref?: string;
}

/** `failureText` with the failed call's reference ("Reference: 7F3K2Q" under the message). */
export function failureOf(error: unknown, refused: string, exception: string): Failure {
  return { text: failureText(error, refused, exception), ref: errorRef(error) };
}
