import { chromium, type BrowserContext, type BrowserServer, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * The run's one Debian Chromium (never a downloaded browser), started by the global setup: a
 * launch costs about 2 CPU-seconds, and the browser files opened 26 of them a run.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
}

/**
 * A fresh context (its own cookies and storage, as a new profile has) on the run's browser (or on
 * the one at `endpoint`, outside a test run), with one open page.
 */
export async function openBrowser(endpoint?: string): Promise<BrowserSession> {
  const browser = await chromium.connect(endpoint ?? inject('browserEndpoint'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return {
    context,
    page,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

/** A download's bytes, read over the connection (a connected browser's files are not local). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
