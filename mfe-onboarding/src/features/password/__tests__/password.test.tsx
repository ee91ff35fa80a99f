import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_ANSWER } from '@giftlane/shared-sdk/testing';
import { freshTab, refused, renderAt } from '../../../test/render';

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function openForgot() {
  renderAt('/login');
  await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
}

describe('ForgetPassword', () => {
  it('asks for the address before sending and for every field before Continue', async () => {
    freshTab();
    await openForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('WhatsApp number is required')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please fill all required fields')).toBeInTheDocument();
  });

  it('keeps digits only: at most 4 in the code, and the WhatsApp number', async () => {
    freshTab();
    await openForgot();
    await userEvent.type(field('Recovery Code'), '12a345');
    expect(field('Recovery Code')).toHaveValue('1234');
    await userEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await userEvent.type(field('WhatsApp Number'), '80-12 x34');
    expect(field('WhatsApp Number')).toHaveValue('801234');
  });

  it('sends the code by e-mail, resets, shows the status and goes back to login', async () => {
    const api = freshTab();
    api.answer('public/sendMail', null);
    api.answer('user/updatePasswordByEmail', null);
    await openForgot();
    await userEvent.type(field('Email Address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Verification code sent successfully')).toBeInTheDocument();
    expect(api.callsTo('public/sendMail')).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await userEvent.type(field('Recovery Code'), '1234');
    await userEvent.type(field('New Password'), 'NewSecret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password was set successfully!')).toBeInTheDocument();
    expect(api.callsTo('user/updatePasswordByEmail')).toEqual([
      { email: 'ada@example.com', verify_code: '1234', new_password: 'NewSecret1!' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue to login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it.each([
    [refused('No account is registered with this email'), 'No account is registered with this email'],
    [refused(''), 'Failed to send verification code'],
    [NO_ANSWER, 'An error occurred while sending the code'],
  ])('a failed send says so (%#)', async (error, text) => {
    freshTab().answer('public/sendMail', error);
    await openForgot();
    await userEvent.type(field('Email Address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [refused(''), 'Failed to reset password'],
    [NO_ANSWER, 'An error occurred while resetting password'],
  ])('a failed reset says so (%#)', async (error, text) => {
    freshTab().answer('user/updatePasswordByWhatsapp', error);
    await openForgot();
    await userEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await userEvent.type(field('WhatsApp Number'), '8012345678');
    await userEvent.type(field('Recovery Code'), '1234');
    await userEvent.type(field('New Password'), 'NewSecret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('ForgetOtp and ResetPassword', () => {
  async function toForgetOtp() {
    const api = freshTab();
    api.answer('user/sendWhatsAppCode', null);
    await openForgot();
    await userEvent.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await userEvent.type(field('WhatsApp Number'), '8012345678');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enter the code on its own screen' }));
    return api;
  }

  it('wants 4 digits, then resets by WhatsApp and shows the status', async () => {
    const api = await toForgetOtp();
    api.answer('user/updatePasswordByWhatsapp', null);
    expect(screen.getByRole('heading', { name: 'Enter 4-digit recovery code' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Digit 1 of 4'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('OTP must be 4 digits.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Digit 3 of 4'), '34');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));

    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await userEvent.type(field('New Password'), 'short');
    await userEvent.type(field('Confirm Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please fix the errors before submitting.')).toBeInTheDocument();
    await userEvent.clear(field('New Password'));
    await userEvent.type(field('New Password'), 'NewSecret1!');
    await userEvent.clear(field('Confirm Password'));
    await userEvent.type(field('Confirm Password'), 'NewSecret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password was set successfully!')).toBeInTheDocument();
    expect(api.callsTo('user/updatePasswordByWhatsapp')).toEqual([
      { whatsapp: '+2348012345678', verify_code: '1234', new_password: 'NewSecret1!' },
    ]);
  });

  it(
    'back from the code screen returns to ForgetPassword; a failed reset goes there too with the ' + 'message',
    async () => {
      const api = await toForgetOtp();
      await userEvent.click(screen.getByRole('button', { name: 'Back to forgot password' }));
      expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Enter the code on its own screen' }));
      api.answer('user/updatePasswordByWhatsapp', refused(''));
      await userEvent.type(screen.getByLabelText('Digit 1 of 4'), '1234');
      await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
      await userEvent.type(field('New Password'), 'NewSecret1!');
      await userEvent.type(field('Confirm Password'), 'NewSecret1!');
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
      expect(screen.getByText('Failed to reset password.')).toBeInTheDocument();
    },
  );
});

describe('PasswordSetup and TermsConditions', () => {
  it('checks length, uppercase, number and match; Continue needs strength 40; then terms, then the form', async () => {
    const { store } = freshTab();
    sessionStorage.setItem('currentComponent', 'PasswordSetup');
    const { runInAction } = await import('mobx');
    runInAction(() => {
      store.onboarding.currentView = 'PasswordSetup';
    });
    renderAt('/sign-up');
    expect(screen.getByRole('heading', { name: 'Create Password' })).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    await userEvent.type(field('Password'), 'abc');
    await userEvent.tab();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    await userEvent.type(field('Password'), 'defgh');
    expect(screen.getByText('Password must include at least one uppercase letter.')).toBeInTheDocument();
    await userEvent.clear(field('Password'));
    await userEvent.type(field('Password'), 'Abcdefgh');
    expect(screen.getByText('Password must include at least one number.')).toBeInTheDocument();
    await userEvent.type(field('Password'), '1');
    await userEvent.type(field('Confirm Password'), 'x');
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();
    await userEvent.clear(field('Confirm Password'));
    await userEvent.type(field('Confirm Password'), 'Abcdefgh1');
    expect(continueButton).toBeEnabled();
    await userEvent.click(continueButton);
    expect(screen.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(13);
    for (const words of [
      /NGN\)|naira/,
      /no extra transaction fees/i,
      /under 13/i,
      /laws of the Federal Republic of Nigeria/,
    ]) {
      expect(screen.getAllByText(words).length).toBeGreaterThan(0);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument());
    expect(JSON.parse(sessionStorage.getItem('formData')!).password).toBe('Abcdefgh1');
  });

  it('PasswordSetup back goes to the OTP view', async () => {
    const { store } = freshTab();
    const { runInAction } = await import('mobx');
    runInAction(() => {
      store.onboarding.currentView = 'PasswordSetup';
    });
    renderAt('/sign-up');
    await userEvent.click(screen.getByRole('button', { name: 'Back to OTP verification' }));
    expect(screen.getByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
  });
});
