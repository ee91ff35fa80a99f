// The root store creates the domain stores and hands itself to each (MobX "defining data stores").
// It gets the API client through its constructor, so tests pass a fake one.
import { configure } from 'mobx';
import type { Api } from '../gc/client';
import { NoticesStore } from './notices-store';
import { OnboardingStore } from './onboarding-store';
import { SessionStore } from './session-store';
import { UserStore } from './user-store';
import { VipStore } from './vip-store';

// Once, here: every state change goes through an action.
configure({ enforceActions: 'observed' });

/** The slice of the API client the stores use. */
export type StoreApi = Pick<Api, 'user' | 'vip' | 'finder'>;

export interface RootStoreOptions {
  /** Where `storage` events arrive (the window); none means no cross-tab listening. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export class RootStore {
  readonly session: SessionStore;
  readonly user: UserStore;
  readonly vip: VipStore;
  readonly notices: NoticesStore;
  readonly onboarding: OnboardingStore;

  constructor(
    readonly api: StoreApi,
    options: RootStoreOptions = { events: typeof window !== 'undefined' ? window : undefined },
  ) {
    this.session = new SessionStore(this, options.events);
    this.user = new UserStore(this);
    this.vip = new VipStore(this);
    this.notices = new NoticesStore(this);
    this.onboarding = new OnboardingStore();
  }

  /** Forgets everything held about the signed-in user (after logout or a refused token). */
  resetUserState(): void {
    this.user.reset();
    this.vip.reset();
    this.notices.reset();
  }

  dispose(): void {
    this.notices.stopPolling();
    this.session.dispose();
  }
}
