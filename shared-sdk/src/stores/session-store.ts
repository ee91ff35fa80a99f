// The session: the token in session storage means signed in (SPEC §4). Session storage is per tab,
// so each tab keeps its own session; the user-data JSON in local storage is shared and only read.
import { makeAutoObservable } from 'mobx';
import { ApiError } from '../errors';
import { LOGOUT_FAILED_MESSAGE } from '../messages';
import { clearStorage, readJson, readStorage, STORAGE_KEYS, writeJson, writeStorage } from '../storage';
import type { RootStore } from './root-store';

/** The user-data JSON kept in local storage: at least user_id. */
export interface StoredUserData {
  user_id: string;
  nickname?: string;
  avatar?: string;
  vip_level?: number;
}

export interface SignInInput {
  token: string;
  user_id: string | number;
  isNewUser?: boolean;
}

export function readUserData(): StoredUserData | undefined {
  const data = readJson<StoredUserData>('local', STORAGE_KEYS.userData);
  return data && typeof data === 'object' && data.user_id !== undefined
    ? { ...data, user_id: String(data.user_id) }
    : undefined;
}

export class SessionStore {
  token: string | null = null;
  userId: string | null = null;
  justLoggedIn = false;
  isNewUser = false;
  private readonly onStorage = (event: StorageEvent): void => this.handleStorageEvent(event);

  constructor(
    private readonly root: RootStore,
    private readonly events?: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  ) {
    makeAutoObservable<SessionStore, 'root' | 'events' | 'onStorage'>(
      this,
      { root: false, events: false, onStorage: false },
      { autoBind: true },
    );
    this.rehydrate();
    events?.addEventListener('storage', this.onStorage);
  }

  get isSignedIn(): boolean {
    return !!this.token;
  }

  /** Reads the session back from storage (on construction: state survives a reload). */
  rehydrate(): void {
    this.token = readStorage('session', STORAGE_KEYS.token) || null;
    this.userId =
      readStorage('session', STORAGE_KEYS.userId) ?? (this.token ? (readUserData()?.user_id ?? null) : null);
    this.justLoggedIn = readStorage('session', STORAGE_KEYS.justLoggedIn) === 'true';
    this.isNewUser = readStorage('session', STORAGE_KEYS.isNewUser) === 'true';
  }

  /** After login, registration or social sign-in: stores token, user_id and justLoggedIn. */
  signIn({ token, user_id, isNewUser }: SignInInput): void {
    const id = String(user_id);
    this.token = token;
    this.userId = id;
    this.justLoggedIn = true;
    writeStorage('session', STORAGE_KEYS.token, token);
    writeStorage('session', STORAGE_KEYS.userId, id);
    writeStorage('session', STORAGE_KEYS.justLoggedIn, 'true');
    if (isNewUser !== undefined) {
      this.isNewUser = isNewUser;
      writeStorage('session', STORAGE_KEYS.isNewUser, String(isNewUser));
    }
    const previous = readUserData();
    writeJson(
      'local',
      STORAGE_KEYS.userData,
      previous?.user_id === id ? { ...previous, user_id: id } : { user_id: id },
    );
  }

  /** The home page reads and resets this after showing its welcome. */
  consumeJustLoggedIn(): boolean {
    const was = this.justLoggedIn;
    this.justLoggedIn = false;
    writeStorage('session', STORAGE_KEYS.justLoggedIn, null);
    return was;
  }

  /** Forgets the session: all of session storage (SPEC §4) and the user-data JSON. */
  clear(): void {
    clearStorage('session');
    const stored = readUserData();
    if (!stored || stored.user_id === this.userId || this.userId === null) {
      writeStorage('local', STORAGE_KEYS.userData, null);
    }
    this.token = null;
    this.userId = null;
    this.justLoggedIn = false;
    this.isNewUser = false;
    this.root.resetUserState();
  }

  /**
   * Calls `user/applogout`, then clears. A refused token counts as logged out (the session is
   * already gone). Any other failure keeps the session and throws LOGOUT_FAILED_MESSAGE.
   */
  async logout(): Promise<void> {
    try {
      await this.root.api.user.applogout();
    } catch (error) {
      if (!(error instanceof ApiError && error.kind === 'session'))
        throw new Error(LOGOUT_FAILED_MESSAGE, { cause: error });
    }
    this.clear();
  }

  /**
   * Another tab changed the shared user-data JSON. This tab's session lives in its own session
   * storage, so it is never overwritten by another tab's user; when the other tab logged out or
   * signed in as someone else, this tab checks its own token with the server instead (a revoked
   * token then clears it through the token-invalid path).
   */
  private handleStorageEvent(event: StorageEvent): void {
    if (event.key !== STORAGE_KEYS.userData && event.key !== null) return;
    if (!this.isSignedIn) return;
    const data = readUserData();
    if (data && data.user_id === this.userId) {
      this.root.user.applyStoredUserData(data);
    } else {
      void this.root.user.load();
    }
  }

  dispose(): void {
    this.events?.removeEventListener('storage', this.onStorage);
  }
}
