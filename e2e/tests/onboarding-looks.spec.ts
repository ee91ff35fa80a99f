// Each onboarding view at 360 px (and the login at desktop width): nothing wider than the phone,
// and a screenshot kept in the test output to be looked at.
import { expect, test } from '@playwright/test';

const VIEWS: Array<[view: string, path: string]> = [
  ['LoginForm', '/login'],
  ['SignUpForm', '/sign-up'],
  ['OTPForm', '/sign-up'],
  ['PasswordSetup', '/sign-up'],
  ['TermsConditions', '/sign-up'],
  ['ForgetPassword', '/login'],
  ['ForgetOtp', '/login'],
  ['ResetPassword', '/login'],
  ['PasswordStatus', '/login'],
  ['SocialSignupForm', '/social-signup?email=ada%40example.com'],
];

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  for (const [view, path] of VIEWS) {
    test(`${view} fits the phone`, async ({ page }, testInfo) => {
      await page.addInitScript((v) => {
        sessionStorage.setItem('currentComponent', v);
        sessionStorage.setItem('email', 'ada@example.com');
        sessionStorage.setItem(
          'formData',
          JSON.stringify({
            email: 'ada@example.com',
            phone: '',
            password: 'Secret123!',
            confirmPassword: 'Secret123!',
            country: 1,
            referral: '',
            passwordStrength: 'Very Strong',
            strength: 100,
            termsAccepted: true,
            deviceNo: 'device-x',
            register_type: '1',
          }),
        );
      }, view);
      await page.goto(path);
      await expect(page.locator(`[data-view="${view}"]`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: testInfo.outputPath(`${view}-360.png`), fullPage: true });
    });
  }
});

test('login and sign-up at desktop width', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('LoginForm-1280.png') });
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('SignUpForm-1280.png'), fullPage: true });
});
