// The unread notification count for the bell (SPEC §9): now and every 30 s while the navbar
// shows. A failed load is only logged and keeps the last count.
import { makeAutoObservable } from 'mobx';
import { NOTICE_REFRESH_MS } from '../config';
import type { Notice } from '../gc/types';
import type { RootStore } from './root-store';

/** The request: everything unread, page "0", up to 100 items. */
export const UNREAD_NOTICES_REQUEST = Object.freeze({
  start_time: 0,
  end_time: 9999999999,
  page: '0',
  page_size: '100',
});

export const countUnread = (items: readonly Pick<Notice, 'notice_new'>[] | null | undefined): number =>
  (items ?? []).filter((item) => !!item.notice_new && item.notice_new !== '0').length;

export class NoticesStore {
  unreadCount = 0;
  private timer: ReturnType<typeof setInterval> | undefined = undefined;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<NoticesStore, 'root' | 'timer'>(this, { root: false, timer: false }, { autoBind: true });
  }

  get polling(): boolean {
    return this.timer !== undefined;
  }

  /** `finder/allNoticeWithoutRead`; never rejects. */
  async load(): Promise<void> {
    if (!this.root.session.isSignedIn) return;
    try {
      const items = await this.root.api.finder.allNoticeWithoutRead({ ...UNREAD_NOTICES_REQUEST });
      this.setUnread(countUnread(items));
    } catch (error) {
      console.error('[giftlane-sdk] notifications failed to load', error);
    }
  }

  setUnread(count: number): void {
    this.unreadCount = count;
  }

  /** Loads now and every 30000 ms until `stopPolling`. Calling it again does not add a timer. */
  startPolling(): void {
    void this.load();
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.load(), NOTICE_REFRESH_MS);
  }

  stopPolling(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  reset(): void {
    this.stopPolling();
    this.unreadCount = 0;
  }
}
