// The words a failed call shows (SPEC §8): the server's msg when it sent one, else the fallback for
// a refusal; a thrown exception (no reply) has its own wording.
import { ApiError } from '@giftlane/shared-sdk';

export function failureText(error: unknown, refused: string, exception: string): string {
  if (error instanceof ApiError) return error.msg || refused;
  return exception;
}
