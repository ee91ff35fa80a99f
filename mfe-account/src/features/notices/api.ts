// The notifications page's calls. Marking read also refreshes the navbar's bell.
import { getSdk, type Notice } from '@giftlane/shared-sdk';

export const noticesPage = (page: number, page_size: number): Promise<Notice[]> =>
  getSdk().api.finder.allNotice({ type: 'all', page, page_size });

/** Marks one notice read (best effort: the notice is shown either way, and the bell catches up). */
export function markRead(id: Notice['id']): void {
  const { api, store } = getSdk();
  api.finder.readNotice({ notice_id: id }).then(
    () => store.notices.load(),
    () => undefined,
  );
}

/**
 * Marks every notice read except security ones (the api keeps those unread until opened); answers the ones still
 * unread.
 */
export async function markAllRead(): Promise<Set<Notice['id']>> {
  const { api, store } = getSdk();
  const stillUnread = await api.finder.readNotice({ notice_id: 0 });
  void store.notices.load();
  return new Set(Array.isArray(stillUnread) ? stillUnread.map((n) => n.id) : []);
}
