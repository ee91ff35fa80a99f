// A card's rate history, loaded by the "Rate history" chart when a seller opens it (the sell form
// and the card rates page).
import { getSdk } from '@giftlane/shared-sdk';

export const loadRateHistory = (req: { card_id: number; currency: string; days: 30 | 90 }) =>
  getSdk().api.card.rateHistory(req);
