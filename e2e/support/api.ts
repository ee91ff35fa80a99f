// Talking to the running site's api the way the web app does (signed, form-encoded), to make
// users and sessions for the suites. OTP codes come from the api's dev outbox.
import { randomBytes } from 'node:crypto';
import { computeSign } from '@giftlane/shared-sdk/sign';
import { APP_ID, APP_KEY, APP_VERSION } from '@giftlane/shared-sdk/config';

export interface Envelope<T = unknown> {
  success: boolean;
  msg: string;
  code?: string;
  data: T;
}

export async function gc<T = unknown>(baseURL: string, path: string, payload: Record<string, string> = {}, token = '') {
  const fields: Record<string, string> = { ...payload, appid: APP_ID, app_version: APP_VERSION, token };
  fields.sign = computeSign(fields, APP_KEY);
  const res = await fetch(`${baseURL}/gc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await res.json()) as Envelope<T>;
}

export interface OutboxItem {
  channel: string;
  to: string;
  subject?: string;
  text?: string;
  code?: string;
}

/**
 * The dev outbox is never served by the site (the edge): it is on the api's own loopback port,
 * which the suite's start puts at the site's port + 1 (API_PORT in playwright.config.ts).
 */
export function outboxUrl(baseURL: string): string {
  const url = new URL(baseURL);
  url.port = String(Number(url.port) + 1);
  url.pathname = '/__dev/outbox';
  return url.toString();
}

/** The newest outbox message that matches, waiting up to ~4.5 s for it to arrive. */
export async function outboxMessage(
  baseURL: string,
  match: (m: OutboxItem) => boolean,
  what: string,
): Promise<OutboxItem> {
  for (let i = 0; i < 30; i++) {
    const items = (await (await fetch(outboxUrl(baseURL))).json()) as OutboxItem[];
    const hit = items.find(match);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no message: ${what}`);
}

export async function latestCode(baseURL: string, to: string): Promise<string> {
  return (await outboxMessage(baseURL, (m) => m.to === to && Boolean(m.code), `a code to ${to}`)).code!;
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
  user_id: string;
}

/** Registers a new e-mail user (with the OTP step when the api asks for it). */
export async function createUser(baseURL: string, extra: Record<string, string> = {}): Promise<TestUser> {
  const email = `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Sunny-Lagos-2026';
  const init = await gc<{ is_need_verify?: string }>(baseURL, 'public/appinit', {
    os_type: 'web',
    device_no: 'device-e2e',
    device_type: 'e2e',
  });
  let code = '';
  if (init.data?.is_need_verify === '1') {
    const sent = await gc(baseURL, 'user/sendEmailVerifyCode', { email });
    if (!sent.success) throw new Error(`sendEmailVerifyCode: ${sent.msg}`);
    code = await latestCode(baseURL, email);
  }
  const reg = await gc<{ token: string; user_id: number | string }>(baseURL, 'user/appregister', {
    register_type: '1',
    country_id: '1',
    username: email,
    email,
    whatsapp: '',
    password,
    recommend_code: '',
    code,
    channel_type: '3',
    // Each user is a device of its own: accounts made on one device are linked, and a referral
    // between linked accounts earns nothing.
    device_no: `device-e2e-${randomBytes(6).toString('hex')}`,
    ...extra,
  });
  if (!reg.success) throw new Error(`appregister: ${reg.msg}`);
  return { email, password, token: reg.data.token, user_id: String(reg.data.user_id) };
}
