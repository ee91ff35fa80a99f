// VIP figures for the navbar and sign-up bonus: vip_exp, next_exp, currency_symbol and
// SignUpBonus (the first `amount_order_bonus` item's order_amount). Failures are only logged.
import { makeAutoObservable } from 'mobx';
import { VIP_FETCH_FAILED_MESSAGE } from '../messages';
import { moneyToDecimalString } from '../money';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import type { VipData } from '../gc/decode';
import type { RootStore } from './root-store';

const toNumber = (text: string | null): number | undefined =>
  text === null || text === '' || Number.isNaN(Number(text)) ? undefined : Number(text);

export class VipStore {
  vipLevel: number | undefined = undefined;
  vipExp: number | undefined = undefined;
  nextExp: number | undefined = undefined;
  currencySymbol: string | undefined = undefined;
  /** Decimal string in major units, as stored under `SignUpBonus`. */
  signUpBonus: string | undefined = undefined;
  loaded = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<VipStore, 'root'>(this, { root: false }, { autoBind: true });
    this.rehydrate();
  }

  /** Progress to the next level, 0..1, when both figures are known. */
  get progress(): number | undefined {
    if (this.vipExp === undefined || !this.nextExp) return undefined;
    return Math.max(0, Math.min(1, this.vipExp / this.nextExp));
  }

  rehydrate(): void {
    this.vipExp = toNumber(readStorage('session', STORAGE_KEYS.vipExp));
    this.nextExp = toNumber(readStorage('session', STORAGE_KEYS.nextExp));
    this.currencySymbol = readStorage('session', STORAGE_KEYS.currencySymbol) ?? undefined;
    this.signUpBonus = readStorage('session', STORAGE_KEYS.signUpBonus) ?? undefined;
  }

  /** `vip/info`; never rejects. `success: false` logs 'Failed to fetch VIP data'. */
  async load(): Promise<void> {
    if (!this.root.session.isSignedIn) return;
    try {
      this.update(await this.root.api.vip.info());
    } catch (error) {
      console.error(`[giftlane-sdk] ${VIP_FETCH_FAILED_MESSAGE}`, error);
    }
  }

  /** Takes a `vip/info` reply fetched elsewhere (the VIP page shows more of it): one call, and the store follows. */
  update(data: VipData): void {
    const first = data.amount_order_bonus[0];
    this.apply(
      data.vip_level,
      data.vip_exp,
      data.next_exp,
      data.currency_symbol,
      first ? moneyToDecimalString(first.order_amount) : undefined,
    );
  }

  private apply(
    level: number | undefined,
    vipExp: number,
    nextExp: number,
    symbol: string | undefined,
    bonus: string | undefined,
  ): void {
    this.vipLevel = level;
    this.vipExp = vipExp;
    this.nextExp = nextExp;
    this.currencySymbol = symbol;
    this.signUpBonus = bonus;
    this.loaded = true;
    writeStorage('session', STORAGE_KEYS.vipExp, vipExp === undefined ? undefined : String(vipExp));
    writeStorage('session', STORAGE_KEYS.nextExp, nextExp === undefined ? undefined : String(nextExp));
    writeStorage('session', STORAGE_KEYS.currencySymbol, symbol);
    writeStorage('session', STORAGE_KEYS.signUpBonus, bonus);
  }

  reset(): void {
    this.vipLevel = undefined;
    this.vipExp = undefined;
    this.nextExp = undefined;
    this.currencySymbol = undefined;
    this.signUpBonus = undefined;
    this.loaded = false;
  }
}
