// The two calls of password recovery: send the code, then reset with it (by e-mail
// `public/sendMail` + `user/updatePasswordByEmail`; by WhatsApp `user/sendWhatsAppCode` +
// `user/updatePasswordByWhatsapp`).
import { getSdk } from '@giftlane/shared-sdk';
import type { RecoveryMethod } from '../../lib/view-props';

type Result = { ok: true } | { ok: false; error: unknown };

export async function sendRecoveryCode(method: RecoveryMethod, address: string): Promise<Result> {
  const { api } = getSdk();
  try {
    if (method === 'email') await api.public.sendMail({ email: address });
    else await api.user.sendWhatsAppCode({ whatsapp: address });
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

export async function resetPassword(
  method: RecoveryMethod,
  address: string,
  code: string,
  password: string,
): Promise<Result> {
  const { api } = getSdk();
  try {
    if (method === 'email')
      await api.user.updatePasswordByEmail({ email: address, verify_code: code, new_password: password });
    else await api.user.updatePasswordByWhatsapp({ whatsapp: address, verify_code: code, new_password: password });
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
