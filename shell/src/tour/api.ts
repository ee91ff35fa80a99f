// The tour's one write: the nickname a new seller gives in the profile overlay (issue 13: components
// call this, not the SDK).
import { getSdk } from '@giftlane/shared-sdk';

/** Saves the nickname, then refreshes the session's user so the greeting shows it at once. */
export async function saveNickname(nickname: string): Promise<void> {
  const { api, store } = getSdk();
  await api.user.modinickname({ nickname });
  await store.user.load();
}
