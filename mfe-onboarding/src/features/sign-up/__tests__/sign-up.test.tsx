import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@giftlane/shared-sdk';
import { NO_ANSWER } from '@giftlane/shared-sdk/testing';
import { freshTab, refused, renderAt } from '../../../test/render';

const PASSWORD = 'Secret123!';
const newUser = { user_id: 7, token: 'tok-7' } as User;

const field = (label: string) => screen.getByLabelText(label, { selector: 'input,select' });

async function fillEmailForm(email = 'ada@example.com') {
  await screen.findByRole('option', { name: 'Nigeria' });
  await userEvent.type(field('Email Address'), email);
  await userEvent.selectOptions(field('Country'), 'Nigeria');
  await userEvent.type(field('Enter Password'), PASSWORD);
  await userEvent.type(field('Confirm Password'), PASSWORD);
  await userEvent.click(screen.getByRole('checkbox'));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Signup to GiftLane' }));

describe('SignUpForm', () => {
  it('checks every field with the words of SPEC §5 and submits nothing while an error remains', async () => {
    const api = freshTab();
    renderAt('/sign-up');
    await submit();
    for (const text of [
      'Please enter a valid email address.',
      'Country is required.',
      'Password is required.',
      'You must accept the Terms of Service.',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    await userEvent.type(field('Enter Password'), 'short');
    expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    await userEvent.type(field('Confirm Password'), 'other');
    await userEvent.tab();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('user/sendEmailVerifyCode')).toHaveLength(0);
  });

  it('checks the e-mail on blur', async () => {
    freshTab();
    renderAt('/sign-up');
    await userEvent.type(field('Email Address'), 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
  });

  it(
    'WhatsApp: +234 by default, digits only, 8 to 15 digits, and the toggle clears the other error and sets ' +
      'register_type',
    async () => {
      freshTab();
      renderAt('/sign-up');
      await userEvent.type(field('Email Address'), 'x');
      await userEvent.tab();
      expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
      expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
      expect(JSON.parse(sessionStorage.getItem('formData')!).register_type).toBe('2');
      expect(screen.getByLabelText('Country code')).toHaveValue('+234');
      const phone = field('WhatsApp Number');
      expect(phone).toHaveAttribute('placeholder', '8012345678');
      await userEvent.click(phone);
      await userEvent.tab();
      expect(screen.getByText('Phone number is required.')).toBeInTheDocument();
      await userEvent.type(phone, '80a12');
      expect(phone).toHaveValue('8012');
      expect(screen.getByText('Phone number too short (minimum 8 digits)')).toBeInTheDocument();
      await userEvent.type(phone, '345678901234');
      expect(screen.getByText('Phone number too long (maximum 15 digits)')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
      expect(screen.queryByText('Phone number too long (maximum 15 digits)')).toBeNull();
    },
  );

  it('the dial code follows the chosen country', async () => {
    freshTab();
    renderAt('/sign-up');
    await screen.findByRole('option', { name: 'Ghana' });
    await userEvent.selectOptions(field('Country'), 'Ghana');
    await userEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    expect(screen.getByLabelText('Country code')).toHaveValue('+233');
  });

  it('locks the referral code that came with the link', async () => {
    freshTab();
    renderAt('/sign-up?code=ABC123');
    // The form as a person reads it: once its countries have come.
    await screen.findByRole('option', { name: 'Nigeria' });
    const referral = field('Referral Code (Optional)');
    expect(referral).toHaveValue('ABC123');
    expect(referral).toHaveAttribute('readonly');
  });

  it('keeps the draft across a reload', async () => {
    freshTab();
    const first = renderAt('/sign-up');
    await userEvent.type(field('Email Address'), 'kept@example.com');
    first.unmount();
    renderAt('/sign-up');
    expect(field('Email Address')).toHaveValue('kept@example.com');
    // And the reloaded form comes whole: its countries too.
    expect(await screen.findByRole('option', { name: 'Nigeria' })).toBeTruthy();
  });

  it(
    'sends the code, then the OTP view registers, clears the draft and opens Home with the profile ' + 'overlay',
    async () => {
      const api = freshTab();
      const { store } = api;
      api.answer('user/sendEmailVerifyCode', null);
      api.answer('user/appregister', newUser);
      const { router } = renderAt('/sign-up?code=REF1');
      await fillEmailForm();
      await submit();
      expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
      expect(api.callsTo('user/sendEmailVerifyCode')).toEqual([{ email: 'ada@example.com' }]);
      expect(screen.getByText('Verification code sent successfully')).toBeInTheDocument();
      expect(screen.getByText('ada@example.com')).toBeInTheDocument();
      expect(screen.getByText(/Resend code in 60s/)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
      expect(screen.getByText('Please enter the complete 4-digit OTP.')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Digit 1 of 4'), '1234');
      expect(screen.getByLabelText('Digit 4 of 4')).toHaveValue('4');
      await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/homes'));
      expect(router.state.location.search).toBe('?showProfileOverlay=true');
      expect(api.callsTo('user/appregister')).toEqual([
        expect.objectContaining({
          register_type: '1',
          country_id: '1',
          username: 'ada@example.com',
          email: 'ada@example.com',
          password: PASSWORD,
          recommend_code: 'REF1',
          code: '1234',
        }),
      ]);
      expect(store.session.token).toBe('tok-7');
      expect(sessionStorage.getItem('isNewUser')).toBe('true');
      expect(sessionStorage.getItem('formData')).toBeNull();
      expect(screen.getByText('Registration successful!')).toBeInTheDocument();
    },
  );

  it('WhatsApp sign-up sends the number with its dial code', async () => {
    const api = freshTab();
    api.answer('user/sendWhatsAppCode', null);
    api.answer('user/appregister', newUser);
    renderAt('/sign-up');
    await screen.findByRole('option', { name: 'Nigeria' });
    await userEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    await userEvent.type(field('WhatsApp Number'), '08012345678');
    await userEvent.selectOptions(field('Country'), 'Nigeria');
    await userEvent.type(field('Enter Password'), PASSWORD);
    await userEvent.type(field('Confirm Password'), PASSWORD);
    await userEvent.click(screen.getByRole('checkbox'));
    await submit();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    expect(api.callsTo('user/sendWhatsAppCode')).toEqual([{ whatsapp: '+2348012345678' }]);
    await userEvent.type(screen.getByLabelText('Digit 1 of 4'), '9876');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
    await waitFor(() => expect(api.callsTo('user/appregister')).toHaveLength(1));
    expect(api.callsTo('user/appregister')[0]).toMatchObject({
      register_type: '2',
      whatsapp: '+2348012345678',
      username: '+2348012345678',
      code: '9876',
    });
  });

  it.each([
    ['the server’s msg', refused('This email is already registered'), 'This email is already registered'],
    ['the refusal fallback', refused(''), 'Failed to send verification code'],
    ['the exception wording', NO_ANSWER, 'An error occurred while sending the code'],
  ])('a failed code send shows %s', async (_n, error, text) => {
    freshTab().answer('user/sendEmailVerifyCode', error);
    renderAt('/sign-up');
    await fillEmailForm();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    [refused(''), 'Registration failed. Please try again.'],
    [refused('Referral code not found'), 'Referral code not found'],
    [NO_ANSWER, 'An error occurred during registration. Please try again.'],
  ])('a failed registration says so (%#)', async (error, text) => {
    const api = freshTab();
    api.answer('user/sendEmailVerifyCode', null);
    api.answer('user/appregister', error);
    renderAt('/sign-up');
    await fillEmailForm();
    await submit();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    await userEvent.type(screen.getByLabelText('Digit 1 of 4'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('without verification, registers in one step and starts the tour on Home', async () => {
    const api = freshTab({ needVerify: '0' });
    const { tracker } = api;
    api.answer('user/appregister', newUser);
    const { router } = renderAt('/sign-up');
    await fillEmailForm();
    await submit();
    await waitFor(() => expect(router.state.location.search).toBe('?startTour=true'));
    expect(router.state.location.pathname).toBe('/homes');
    expect(api.callsTo('user/sendEmailVerifyCode')).toHaveLength(0);
    expect(tracker.trackRegistration).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com', method: 'email' }),
    );
    expect(sessionStorage.getItem('justLoggedIn')).toBe('true');
  });
});

describe('OTPForm', () => {
  async function toOtp() {
    const api = freshTab();
    api.answer('user/sendEmailVerifyCode', null);
    const sends = () => api.callsTo('user/sendEmailVerifyCode').length;
    renderAt('/sign-up');
    await fillEmailForm();
    await submit();
    await screen.findByRole('heading', { name: 'OTP Verification' });
    return { api, sends };
  }

  it('boxes take digits only, Backspace clears and moves back, a paste fills all', async () => {
    await toOtp();
    const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`);
    await userEvent.type(box(1), 'a');
    expect(box(1)).toHaveValue('');
    await userEvent.type(box(1), '5');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    fireEvent.paste(box(1), { clipboardData: { getData: () => '4321' } });
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('4321');
  });

  it('says the code was sent in the page, not in a toast over the back arrow', async () => {
    await toOtp();
    expect(screen.getByRole('status')).toHaveTextContent('Verification code sent successfully');
    expect(document.querySelector('.gl-toast')).toBeNull();
  });

  it('a wrong code: the api says how many tries are left, the boxes empty and the first has focus', async () => {
    const { api } = await toOtp();
    api.answer('user/appregister', refused('Invalid verification code: 4 tries left'));
    const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`);
    await userEvent.type(box(1), '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code: 4 tries left');
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['', '', '', '']);
    expect(box(1)).toHaveFocus();
  });

  it('no answer from the api keeps the digits typed (nothing was refused)', async () => {
    const { api } = await toOtp();
    api.answer('user/appregister', NO_ANSWER);
    const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`);
    await userEvent.type(box(1), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Account' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect([1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value).join('')).toBe('1234');
  });

  it('the back arrow returns to the form with the draft', async () => {
    await toOtp();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-up' }));
    expect(field('Email Address')).toHaveValue('ada@example.com');
  });

  it(
    'back, then Signup again within 60 s: straight to the code boxes with the code already sent, no ' + 'second send',
    async () => {
      jest.useFakeTimers({ advanceTimers: true });
      try {
        const { sends } = await toOtp();
        await act(async () => {
          jest.advanceTimersByTime(15_000);
        });
        await userEvent.click(screen.getByRole('button', { name: 'Back to sign-up' }));
        await submit();
        expect(await screen.findByRole('heading', { name: 'OTP Verification' })).toBeInTheDocument();
        expect(sends()).toBe(1);
        expect(screen.queryByRole('alert')).toBeNull();
        // The wait goes on from where it was.
        expect(screen.getByText(/Resend code in (4[4-6])s/)).toBeInTheDocument();
        // After the wait, Signup sends a new code again.
        await userEvent.click(screen.getByRole('button', { name: 'Back to sign-up' }));
        await act(async () => {
          jest.advanceTimersByTime(60_000);
        });
        await submit();
        await screen.findByRole('heading', { name: 'OTP Verification' });
        expect(sends()).toBe(2);
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it('resend is allowed at zero and its failures use SPEC’s words', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { api } = await toOtp();
      expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
      for (let i = 0; i < 120 && !screen.queryByRole('button', { name: 'Resend code' }); i++) {
        await act(async () => {
          jest.advanceTimersByTime(1000);
        });
      }
      // A refusal, then no answer, from the api.
      api.answer('user/sendEmailVerifyCode', refused(''), NO_ANSWER);
      await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'There was an issue sending the OTP. Please try again.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('Failed to resend OTP. Please try again.'),
      );
      // A fault in the client itself, which no reply can cause.
      jest.spyOn(api.sdk.api.user, 'sendEmailVerifyCode').mockRejectedValueOnce(new Error('boom'));
      await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while resending OTP. Please try again.'),
      );
      api.answer('user/sendEmailVerifyCode', null);
      await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await screen.findByText(/Resend code in 60s/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
