// The help page's calls: support's contacts and the FAQ (cases have their own feature).
import { getSdk } from '@giftlane/shared-sdk';

export const supportContacts = () => getSdk().api.public.appinit();

export const helpAnswers = () => getSdk().api.faq.list({ page: 0, page_size: 50 });
