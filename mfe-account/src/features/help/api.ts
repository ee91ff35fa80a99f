// The help page's calls: our official channels (support's contacts) and the FAQ (cases have their own feature).
import { getSdk } from '@giftlane/shared-sdk';

/** Our official channels: support's WhatsApp line with its hours, and the e-mail addresses. */
export const officialChannels = () => getSdk().api.public.channels();

export const helpAnswers = () => getSdk().api.faq.list({ page: 0, page_size: 50 });
