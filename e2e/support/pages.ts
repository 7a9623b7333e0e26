import type { Page } from 'playwright-core';

let counter = 0;

export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-battery';

/** Page object for /sign-up and /auth. */
export const authPages = {
  async signUp(page: Page, baseUrl: string, user: { name: string; email: string }) {
    await page.goto(`${baseUrl}/sign-up`);
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(/\/dashboard$/);
  },
  async signIn(page: Page, email: string, password = PASSWORD) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  },
};

/** Texts of the toasts currently on screen. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.Toastify__toast').allInnerTexts();
}

export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
