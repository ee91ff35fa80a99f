// Help → cases: every call the case screens make.
import { getSdk, type CaseAbout } from '@giftlane/shared-sdk';
import { uploadPhoto } from '../../lib/upload';

export const loadCases = () => getSdk().api.cases.list({ page: 0, page_size: 50 });

export const loadCase = (caseNo: string) => getSdk().api.cases.detail({ case_no: caseNo });

/** Each photo up through its own presigned URL, then the case call with their public URLs. */
async function photoUrls(files: File[]): Promise<string | undefined> {
  if (!files.length) return undefined;
  const urls: string[] = [];
  for (const f of files) urls.push(await uploadPhoto(f));
  return urls.join(',');
}

export async function openCase(req: {
  about: CaseAbout;
  order_no?: string;
  withdraw_no?: string;
  subject?: string;
  message: string;
  photos: File[];
}) {
  const { photos, ...rest } = req;
  return getSdk().api.cases.open({ ...rest, images: await photoUrls(photos) });
}

export async function replyToCase(req: { case_no: string; message: string; photos: File[] }) {
  return getSdk().api.cases.reply({
    case_no: req.case_no,
    message: req.message,
    images: await photoUrls(req.photos),
  });
}
