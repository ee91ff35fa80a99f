// The signed-in user's profile for the navbar (nickname, avatar, vip_level, currency_name,
// country_id), loaded once the navbar shows. A failure is only logged: the avatar falls back.
import { makeAutoObservable } from 'mobx';
import { greetingName } from '../display';
import { toCurrencyCode, type CurrencyCode } from '../money';
import { readStorage, STORAGE_KEYS, writeJson, writeStorage } from '../storage';
import { readUserData, type StoredUserData } from './session-store';
import type { RootStore } from './root-store';

type UserInfo = Awaited<ReturnType<RootStore['api']['user']['userInfo']>>;

export class UserStore {
  nickname: string | undefined = undefined;
  avatar: string | undefined = undefined;
  vipLevel: number | undefined = undefined;
  currencyName: string | undefined = undefined;
  countryId: string | undefined = undefined;
  loading = false;
  loaded = false;
  private pending: Promise<UserInfo> | undefined = undefined;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<UserStore, 'root' | 'pending'>(this, { root: false, pending: false }, { autoBind: true });
    this.rehydrate();
  }

  /** The nickname's first word for the greeting, or 'Guest' (SPEC §9). */
  get greetingName(): string {
    return greetingName(this.nickname);
  }

  /** The user's settlement currency, when known. */
  get currency(): CurrencyCode | undefined {
    return toCurrencyCode(this.currencyName);
  }

  rehydrate(): void {
    this.currencyName = readStorage('session', STORAGE_KEYS.currencyName) ?? undefined;
    this.countryId = readStorage('session', STORAGE_KEYS.countryId) ?? undefined;
    const data = readUserData();
    if (data && data.user_id === this.root.session.userId) this.applyStoredUserData(data);
  }

  applyStoredUserData(data: StoredUserData): void {
    this.nickname = data.nickname;
    this.avatar = data.avatar || undefined;
    this.vipLevel = data.vip_level;
  }

  /** `user/userInfo`; never rejects. A load already on its way is shared, not sent again. */
  load(): Promise<void> {
    if (!this.root.session.isSignedIn) return Promise.resolve();
    return this.info().then(
      () => undefined,
      (error: unknown) => console.error('[giftlane-sdk] user info failed to load', error),
    );
  }

  /**
   * The user's profile (`user/userInfo`): the call already on its way when there is one (so a page and
   * the navbar opened together ask once between them), else a fresh one.
   */
  info(): Promise<UserInfo> {
    if (this.pending) return this.pending;
    this.loading = true;
    const pending: Promise<UserInfo> = this.root.api.user.userInfo().then(
      (info) => {
        this.settle(pending, info);
        return info;
      },
      (error: unknown) => {
        this.settle(pending, undefined);
        throw error;
      },
    );
    this.pending = pending;
    return pending;
  }

  /** After a change to the profile: a fresh `user/userInfo` (not one sent before the change); never rejects. */
  refresh(): Promise<void> {
    this.pending = undefined;
    return this.load();
  }

  /** A reply applies only while its call is the latest one (a refresh supersedes an older call). */
  private settle(call: Promise<UserInfo>, info: UserInfo | undefined): void {
    if (this.pending !== call) return;
    this.pending = undefined;
    if (info) this.apply(info);
    else this.loading = false;
  }

  /**
   * Changes the nickname (`user/modinickname`) and reloads the user, so every greeting shows the new
   * name at once. Rejects with the api's refusal.
   */
  async rename(nickname: string): Promise<void> {
    await this.root.api.user.modinickname({ nickname });
    await this.refresh();
  }

  private apply(info: UserInfo): void {
    this.nickname = info.nickname;
    this.avatar = info.avatar || undefined;
    this.vipLevel = info.vip_level;
    this.currencyName = info.currency_name;
    this.countryId = info.country_id === undefined ? undefined : String(info.country_id);
    this.loading = false;
    this.loaded = true;
    writeStorage('session', STORAGE_KEYS.currencyName, this.currencyName);
    writeStorage('session', STORAGE_KEYS.countryId, this.countryId);
    const userId = this.root.session.userId ?? (info.user_id === undefined ? undefined : String(info.user_id));
    if (userId) {
      writeJson('local', STORAGE_KEYS.userData, {
        user_id: userId,
        nickname: this.nickname,
        avatar: this.avatar,
        vip_level: this.vipLevel,
      } satisfies StoredUserData);
    }
  }

  reset(): void {
    this.nickname = undefined;
    this.avatar = undefined;
    this.vipLevel = undefined;
    this.currencyName = undefined;
    this.countryId = undefined;
    this.loading = false;
    this.loaded = false;
    this.pending = undefined;
  }
}
