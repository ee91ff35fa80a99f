// The verification feature's data: one loader, shared by Settings → Verification and the notes on
// the dashboard and wallet (which must not pull the whole form into their chunks).
import { getSdk } from '@giftlane/shared-sdk';

export const loadKyc = () => getSdk().api.kyc.status();
