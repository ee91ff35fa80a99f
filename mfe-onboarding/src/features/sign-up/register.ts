// Creating the account from the sign-up draft (SPEC §4 "Sign-up flow" and its single-step variant).
import {
  ApiError,
  getDeviceNo,
  getSdk,
  REGISTER_TYPE,
  REGISTRATION_ERROR_RETRY_MESSAGE,
  REGISTRATION_FAILED_RETRY_MESSAGE,
  REGISTRATION_SUCCESSFUL_MESSAGE,
  type RegisterRequest,
  type SignUpDraft,
} from '@giftlane/shared-sdk';
import { e164 } from '../../lib/phone';
import { failureOf, type Failure } from '../../lib/failure';
import { toast } from '../../components/toast';

/** The WhatsApp number of the draft in E.164, read with the picker's dial code (08…, 8…, 234… alike). */
export const whatsappOf = async (draft: Pick<SignUpDraft, 'phone'>, dialCode: string): Promise<string> =>
  (await e164(draft.phone, [dialCode])) ?? '';

export const methodOf = (draft: Pick<SignUpDraft, 'register_type'>) =>
  draft.register_type === REGISTER_TYPE.whatsapp ? 'whatsapp' : 'email';

export async function registerRequest(draft: SignUpDraft, dialCode: string, code?: string): Promise<RegisterRequest> {
  const method = methodOf(draft);
  const whatsapp = method === 'whatsapp' ? await whatsappOf(draft, dialCode) : undefined;
  return {
    register_type: draft.register_type,
    country_id: draft.country,
    username: method === 'email' ? draft.email.trim() : whatsapp!,
    password: draft.password,
    email: method === 'email' ? draft.email.trim() : undefined,
    whatsapp,
    recommend_code: draft.referral.trim() || undefined,
    code,
    device_no: draft.deviceNo || getDeviceNo(),
  };
}

/** A failure: `refused` when the api answered no (a wrong code among them), not when no answer came. */
export type RegisterOutcome =
  | { ok: true; user_id: string }
  | { ok: false; message: string | Failure; refused: boolean };

/**
 * Registers; on success the session holds the new user (token, user_id, isNewUser, justLoggedIn),
 * the draft is gone and 'Registration successful!' shows. The caller decides where Home opens.
 */
export async function register(draft: SignUpDraft, dialCode: string, code?: string): Promise<RegisterOutcome> {
  const { api, store, tracker } = getSdk();
  try {
    const user = await api.user.appregister(await registerRequest(draft, dialCode, code));
    if (!user.token) return { ok: false, message: REGISTRATION_FAILED_RETRY_MESSAGE, refused: false };
    store.session.signIn({ token: user.token, user_id: user.user_id, isNewUser: true });
    store.onboarding.clearDraft();
    tracker.trackRegistration({
      email: methodOf(draft) === 'email' ? draft.email.trim() : undefined,
      method: methodOf(draft),
      type: draft.register_type,
      country: draft.country,
    });
    toast(REGISTRATION_SUCCESSFUL_MESSAGE, 'success', { carry: true });
    return { ok: true, user_id: String(user.user_id) };
  } catch (error) {
    return {
      ok: false,
      message: failureOf(error, REGISTRATION_FAILED_RETRY_MESSAGE, REGISTRATION_ERROR_RETRY_MESSAGE),
      refused: error instanceof ApiError,
    };
  }
}

/** Sends the sign-up code to the chosen address; answers an error message, or undefined when sent. */
export async function sendSignUpCode(
  draft: SignUpDraft,
  dialCode: string,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const { api } = getSdk();
  try {
    if (methodOf(draft) === 'email') await api.user.sendEmailVerifyCode({ email: draft.email.trim() });
    else await api.user.sendWhatsAppCode({ whatsapp: await whatsappOf(draft, dialCode) });
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
