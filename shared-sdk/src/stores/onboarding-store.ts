// The onboarding keys kept in session storage: the sign-up draft (`formData`), the social
// sign-up items, the code target (`email`, `phone`) and the current view (`currentComponent`).
import { makeAutoObservable } from 'mobx';
import { readJson, readStorage, STORAGE_KEYS, writeJson, writeStorage } from '../storage';
import type { StrengthLabel } from '../validation';

/** The sign-up draft. */
export interface SignUpDraft {
  phone: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Country id; 0 until chosen. */
  country: number;
  referral: string;
  passwordStrength: StrengthLabel | '';
  strength: number;
  termsAccepted: boolean;
  deviceNo: string;
  /** '1' email, '2' WhatsApp. */
  register_type: '1' | '2';
}

export const EMPTY_SIGN_UP_DRAFT: Readonly<SignUpDraft> = Object.freeze({
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  country: 0,
  referral: '',
  passwordStrength: '',
  strength: 0,
  termsAccepted: false,
  deviceNo: '',
  register_type: '1',
});

export interface SocialPending {
  social_id: string;
  social_type: string;
  social_email: string;
}

export type OnboardingView =
  | 'LoginForm'
  | 'SignUpForm'
  | 'SocialSignupForm'
  | 'OTPForm'
  | 'PasswordSetup'
  | 'TermsConditions'
  | 'PasswordStatus'
  | 'ForgetPassword'
  | 'ForgetOtp'
  | 'ResetPassword';

export class OnboardingStore {
  currentView: OnboardingView | undefined = undefined;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
    this.currentView = (readStorage('session', STORAGE_KEYS.currentComponent) as OnboardingView | null) ?? undefined;
  }

  /** The view is remembered for the session (SPEC §2). */
  setView(view: OnboardingView): void {
    this.currentView = view;
    writeStorage('session', STORAGE_KEYS.currentComponent, view);
  }

  /** The saved sign-up draft, merged over the empty one. */
  readDraft(): SignUpDraft | undefined {
    const saved = readJson<Partial<SignUpDraft>>('session', STORAGE_KEYS.formData);
    return saved ? { ...EMPTY_SIGN_UP_DRAFT, ...saved } : undefined;
  }

  /** Kept until the OTP step succeeds (SPEC §4 clears it then); session storage dies with the tab. */
  saveDraft(draft: SignUpDraft): void {
    writeJson('session', STORAGE_KEYS.formData, draft);
  }

  clearDraft(): void {
    writeStorage('session', STORAGE_KEYS.formData, null);
  }

  /** Where the sign-up code went, for the OTP view. */
  setCodeTarget(target: { email?: string; phone?: string }): void {
    writeStorage('session', STORAGE_KEYS.email, target.email);
    writeStorage('session', STORAGE_KEYS.phone, target.phone);
  }

  readCodeTarget(): { email?: string; phone?: string } {
    return {
      email: readStorage('session', STORAGE_KEYS.email) ?? undefined,
      phone: readStorage('session', STORAGE_KEYS.phone) ?? undefined,
    };
  }

  /** A social sign-in that needs sign-up to finish (SPEC §4: is_social_bind false). */
  setSocialPending(pending: SocialPending): void {
    writeStorage('session', STORAGE_KEYS.socialId, pending.social_id);
    writeStorage('session', STORAGE_KEYS.socialType, pending.social_type);
    writeStorage('session', STORAGE_KEYS.socialEmail, pending.social_email);
  }

  readSocialPending(): SocialPending | undefined {
    const social_id = readStorage('session', STORAGE_KEYS.socialId);
    const social_type = readStorage('session', STORAGE_KEYS.socialType);
    if (!social_id || !social_type) return undefined;
    return { social_id, social_type, social_email: readStorage('session', STORAGE_KEYS.socialEmail) ?? '' };
  }

  clearSocialPending(): void {
    writeStorage('session', STORAGE_KEYS.socialId, null);
    writeStorage('session', STORAGE_KEYS.socialType, null);
    writeStorage('session', STORAGE_KEYS.socialEmail, null);
  }
}
