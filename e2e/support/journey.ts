import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';

/** '$1,234.50' → 123450 cents. */
export function cents(text: string): number {
  const match = /^(-)?\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a dollar amount: ${text}`);
  const value = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/** 123450 → '$1,234.50', as the screens print money. */
export function dollars(amountCents: number): string {
  const text = (Math.abs(amountCents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return `${amountCents < 0 ? '-' : ''}$${text}`;
}

export interface ApiWrite {
  method: string;
  path: string;
  key: string | undefined;
}

/** Every POST / PUT a browser context sends to the API, with its Idempotency-Key, as it happens. */
export function recordApiWrites(context: BrowserContext): ApiWrite[] {
  const writes: ApiWrite[] = [];
  context.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && ['POST', 'PUT'].includes(request.method()))
      writes.push({
        method: request.method(),
        path: url.pathname,
        key: request.headers()['idempotency-key'],
      });
  });
  return writes;
}

/**
 * Numbered full-page screenshots into `dir` (E2E_SCREENSHOTS, else a new temp folder), to look
 * at after a run.
 */
export function screenshots(prefix: string): {
  dir: string;
  shot: (page: Page, name: string) => Promise<void>;
} {
  const dir = process.env.E2E_SCREENSHOTS ?? mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  let count = 0;
  const shot = async (page: Page, name: string) => {
    count += 1;
    const file = path.join(dir, `${String(count).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
  };
  return { dir, shot };
}

/** A toast that may take long to come (a trade's close), with its own timeout. */
export async function waitForToastWithin(page: Page, text: string, timeout: number): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ timeout });
}
