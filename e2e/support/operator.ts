import type { Page } from 'playwright-core';
import { authPages, PASSWORD, uniqueEmail } from './pages';

/** An account made over HTTP: its email (password PASSWORD) and bearer token. */
export interface HttpAccount {
  email: string;
  token: string;
}

/** Signs an account up through the public endpoint, as a script would. */
export async function signUpOverHttp(baseUrl: string, name: string): Promise<HttpAccount> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  const token = response.headers.get('set-auth-token');
  if (response.status !== 200 || !token)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, token };
}

/** Calls the server as the operator (the shared server's first account, an admin). */
export async function asOperator<T>(
  baseUrl: string,
  operator: HttpAccount,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Signs the operator in through the sign-in screen and waits until the back office answers. */
export async function signInAsOperator(page: Page, baseUrl: string, operator: HttpAccount): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await authPages.signIn(page, operator.email);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Admin Dashboard' }).first().waitFor();
}
