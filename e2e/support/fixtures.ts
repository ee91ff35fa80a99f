import { test as base, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@giftlane/shared-sdk/storage';
import { createUser, type TestUser } from './api';

/** Puts a real session into the tab before the site loads, as a login would leave it. */
export async function signInPage(page: Page, user: TestUser) {
  await page.addInitScript(
    ({ keys, token, userId }) => {
      // Once per browser context, as a login would: a later logout must stay logged out.
      const seeded = `e2e-seeded-${token}`;
      if (localStorage.getItem(seeded)) return;
      localStorage.setItem(seeded, '1');
      sessionStorage.setItem(keys.token, token);
      sessionStorage.setItem(keys.userId, userId);
    },
    { keys: { token: STORAGE_KEYS.token, userId: STORAGE_KEYS.userId }, token: user.token, userId: user.user_id },
  );
}

export const test = base.extend<{ user: TestUser }>({
  user: async ({ baseURL }, use) => {
    await use(await createUser(baseURL!));
  },
});

export { expect } from '@playwright/test';
