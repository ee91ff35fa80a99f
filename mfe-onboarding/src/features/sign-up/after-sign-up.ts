// Where a new account goes: the sell form with the card chosen in the rate calculator (kept in this
// tab since the sign-up link brought it), or the given home.
import { recalledSellChoice, sellFormPath } from '@giftlane/shared-sdk/sell-choice';

export function afterSignUp(home: string): string {
  const choice = recalledSellChoice();
  return choice ? sellFormPath(choice) : home;
}
