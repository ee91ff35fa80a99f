// The help page's calls: support's contacts, the FAQ, and a message to support.
import { getSdk } from '@giftlane/shared-sdk';

export const supportContacts = () => getSdk().api.public.appinit();

export const helpAnswers = () => getSdk().api.faq.list({ page: 0, page_size: 50 });

export const messageSupport = (req: { name: string; email: string; subject: string; message: string }) =>
  getSdk().api.public.contact(req);
