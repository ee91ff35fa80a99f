// The attribution tracker (SPEC §4, §9): device id, a first-open event once per device, identity
// linking and events, posted as JSON to our collector endpoints. It never throws and never blocks:
// posts go through sendBeacon (or fetch with keepalive), and every public method swallows errors.
import { API_BASE, TRACKER_ENDPOINTS, type TrackerEndpoints } from './config';
import { randomId } from './device';
import { isMoney, moneyToDecimalString, type Money } from './money';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const DEVICE_ID_RETRIES = 5;
export const DEVICE_ID_RETRY_MS = 500;
export const FIRST_OPEN_DELAY_MS = 1500;
export const FIRST_OPEN_DELAY_MOCK_MS = 1000;

/** The event fields; device_id, timestamp and url are filled in. */
export interface TrackFields {
  user_id?: string | number;
  transaction_id?: string;
  price?: Money | string | number;
  currency?: string;
  withdrawal_id?: string;
  amount?: Money | string | number;
  order_id?: string;
  walletType?: string | number;
  [extra: string]: unknown;
}

export interface RegistrationEvent {
  email?: string;
  /** 'email' | 'whatsapp' | 'social' */
  method: string;
  /** register_type or social type */
  type?: string;
  provider?: string;
  country?: string | number;
  platform?: string;
}

export type TrackerTransport = 'beacon' | 'fetch' | 'mock';
export type SendFn = (url: string, body: string) => void;

export interface TrackerOptions {
  endpoints?: TrackerEndpoints;
  /** Prefix for endpoints that start with '/'; the API base by default. */
  baseUrl?: string;
  /** Replaces the transport (tests); the tracker then runs on the live timings. */
  send?: SendFn;
  logger?: Pick<Console, 'info' | 'warn'>;
}

function pickTransport(): { kind: TrackerTransport; send?: SendFn } {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  if (nav && typeof nav.sendBeacon === 'function') {
    return {
      kind: 'beacon',
      send: (url, body) => {
        if (!nav.sendBeacon(url, new Blob([body], { type: 'application/json' }))) throw new Error('beacon refused');
      },
    };
  }
  if (typeof fetch === 'function') {
    return {
      kind: 'fetch',
      send: (url, body) => {
        void fetch(url, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json' },
        }).catch(() => undefined);
      },
    };
  }
  return { kind: 'mock' };
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const pageUrl = (): string => (typeof location !== 'undefined' ? location.href : '');

export class Tracker {
  readonly transport: TrackerTransport;
  deviceId: string | undefined;
  /** True when the device id had to be made up (none appeared in local storage in time). */
  usedFallbackId = false;
  private readonly endpoints: TrackerEndpoints;
  private readonly baseUrl: string;
  private readonly sendFn?: SendFn;
  private readonly logger: Pick<Console, 'info' | 'warn'>;
  private starting: Promise<void> | undefined;
  private readonly queue: Array<() => void> = [];
  private linkedUserId: string | undefined;
  private firstOpenTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: TrackerOptions = {}) {
    const picked = options.send ? { kind: 'fetch' as const, send: options.send } : pickTransport();
    this.transport = picked.kind;
    this.sendFn = picked.send;
    this.endpoints = options.endpoints ?? TRACKER_ENDPOINTS;
    this.baseUrl = options.baseUrl ?? API_BASE;
    this.logger = options.logger ?? console;
  }

  /** At app start: resolves the device id, posts init, then the first open once per device. */
  start(): Promise<void> {
    this.starting ??= this.run().catch((error) => this.logger.warn('[giftlane-tracker] start failed', error));
    return this.starting;
  }

  private async run(): Promise<void> {
    this.deviceId = await this.resolveDeviceId();
    this.post(this.endpoints.init, { device_id: this.deviceId, url: pageUrl(), timestamp: nowSeconds() });
    for (const flush of this.queue.splice(0)) flush();
    if (readStorage('local', STORAGE_KEYS.trackerFirstOpen) !== '1') {
      const delay = this.transport === 'mock' ? FIRST_OPEN_DELAY_MOCK_MS : FIRST_OPEN_DELAY_MS;
      this.firstOpenTimer = setTimeout(() => this.sendFirstOpen(), delay);
    }
  }

  private async resolveDeviceId(): Promise<string> {
    for (let attempt = 0; attempt <= DEVICE_ID_RETRIES; attempt += 1) {
      const stored = readStorage('local', STORAGE_KEYS.trackerDeviceId);
      if (stored) return stored;
      if (attempt < DEVICE_ID_RETRIES) await new Promise((resolve) => setTimeout(resolve, DEVICE_ID_RETRY_MS));
    }
    this.usedFallbackId = true;
    const fallback = `${Date.now().toString(36)}-${randomId()}`;
    writeStorage('local', STORAGE_KEYS.trackerDeviceId, fallback);
    return fallback;
  }

  private sendFirstOpen(): void {
    this.firstOpenTimer = undefined;
    // Another tab may have sent it meanwhile.
    if (readStorage('local', STORAGE_KEYS.trackerFirstOpen) === '1') return;
    writeStorage('local', STORAGE_KEYS.trackerFirstOpen, '1');
    this.post(this.endpoints.install, {
      event: 'first_open',
      device_id: this.deviceId,
      url: pageUrl(),
      timestamp: nowSeconds(),
    });
  }

  /** Links the signed-in user to this device (once per user per page). */
  linkIdentity(userId: string | number): void {
    this.safely(() => {
      const id = String(userId);
      if (!id || id === this.linkedUserId) return;
      this.linkedUserId = id;
      this.whenReady(() =>
        this.post(this.endpoints.identity, { device_id: this.deviceId, user_id: id, timestamp: nowSeconds() }),
      );
    });
  }

  /** An event with its fields; Money amounts go as decimal strings with their currency. */
  track(name: string, fields: TrackFields = {}): void {
    this.safely(() => {
      const body: Record<string, unknown> = { event: name };
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        if (isMoney(value)) {
          body[key] = moneyToDecimalString(value);
          body.currency ??= value.currency;
        } else body[key] = value;
      }
      const timestamp = nowSeconds();
      const url = pageUrl();
      this.whenReady(() => this.post(this.endpoints.event, { ...body, device_id: this.deviceId, timestamp, url }));
    });
  }

  /** The registration event. */
  trackRegistration(event: RegistrationEvent): void {
    this.track('registration', { platform: 'web', ...event });
  }

  /** Stops a pending first-open (tests, page teardown). */
  dispose(): void {
    if (this.firstOpenTimer !== undefined) clearTimeout(this.firstOpenTimer);
    this.firstOpenTimer = undefined;
  }

  private whenReady(fn: () => void): void {
    if (this.deviceId) fn();
    else this.queue.push(fn);
  }

  private post(endpoint: string, payload: Record<string, unknown>): void {
    this.safely(() => {
      const url = endpoint.startsWith('/') ? `${this.baseUrl}${endpoint}` : endpoint;
      const body = JSON.stringify(payload);
      if (this.sendFn) this.sendFn(url, body);
      else this.logger.info('[giftlane-tracker]', url, payload);
    });
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.logger.warn('[giftlane-tracker] dropped', error);
    }
  }
}
