// What the container hands each view: how to move to another view, and the few facts one view
// passes to the next (which recovery address and code, whether the password was set).
import type { OnboardingView } from '@giftlane/shared-sdk';

export type RecoveryMethod = 'email' | 'whatsapp';

export interface Flow {
  /** PasswordStatus shows Success or Failed. */
  status?: 'success' | 'failed';
  /** The account being recovered: ForgetPassword → ForgetOtp → ResetPassword. */
  recovery?: { method: RecoveryMethod; address: string; code?: string };
}

export interface ViewProps {
  go: (view: OnboardingView, flow?: Partial<Flow>) => void;
  flow: Flow;
}
