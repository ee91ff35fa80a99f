// The sell form's draft survives a reload (session storage: this tab only, gone when it closes).
// Photos are not kept: they are large, and a reload on costly data should not re-read them.
import { readJson, writeJson, writeStorage } from '@giftlane/shared-sdk';

export const DRAFT_KEY = 'giftlane_sell_draft';

export interface SellDraft {
  brandId?: number;
  currency?: string;
  form?: string;
  amount?: string;
  memo?: string;
  walletType?: 1 | 2;
  couponCode?: string;
}

export const readDraft = (): SellDraft => readJson<SellDraft>('session', DRAFT_KEY) ?? {};
export const saveDraft = (draft: SellDraft) => writeJson('session', DRAFT_KEY, draft);
export const clearDraft = () => writeStorage('session', DRAFT_KEY, null);
