// The verification feature's data: one loader, shared by Settings → Verification and the notes on
// the dashboard and wallet (which must not pull the whole form into their chunks).
import { getSdk, type Api } from '@giftlane/shared-sdk';

export const loadKyc = () => getSdk().api.kyc.status();

/** Level 1: an ID number looked up with the name and date of birth on it. */
export const verifyId = (req: Parameters<Api['kyc']['verifyId']>[0]) => getSdk().api.kyc.verifyId(req);

/** Level 2: an uploaded selfie, matched with the ID's photo. */
export const sendSelfie = (url: string) => getSdk().api.kyc.selfie({ selfie: url });

/** Level 3: an ID document photo and the home address, for staff to check. */
export const sendDocuments = (url: string, address: string) => getSdk().api.kyc.documents({ document: url, address });
