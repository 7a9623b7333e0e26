import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAIR_PROFILES } from '../../src/server/providers/market/simulated/profiles';
import { startDedicatedServer } from './dedicated-server';

/*
 * A data folder taken once after a server's first market sync on the default simulated market:
 * 180 days of candles for every pair, the publication gate's report and a first analysis of each.
 * The servers that need no market of their own start from a copy, so each skips the backfill (most
 * of a first start's CPU: the embedded database writing tens of thousands of candles). A copy
 * holds no account, so its first sign-up still founds the operator organisation; the simulated
 * prices are a pure function of the clock, so its candles join the market it then follows. Its
 * sync's lease is minutes old, so a server started from a copy does not sync again (the gate and
 * every analysis): its market refresh stores the candles since.
 */

const FIRST_SYNC_TIMEOUT_MS = 180_000;

/** Every simulated pair on the public heat map: the first sync analysed them all. */
async function waitForFirstSync(baseUrl: string): Promise<void> {
  const deadline = Date.now() + FIRST_SYNC_TIMEOUT_MS;
  let seen = 0;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/offers/heat-map?timeRange=7d`);
    if (response.ok) seen = Object.keys((await response.json()) as object).length;
    if (seen >= PAIR_PROFILES.length) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `the template server's first sync analysed ${seen} of ${PAIR_PROFILES.length} pairs in ${FIRST_SYNC_TIMEOUT_MS / 1000} s`,
  );
}

export interface TemplateDataDir {
  dir: string;
  remove(): void;
}

export interface TemplateServer {
  /** Waits for the first sync, stops the server (closing the database cleanly), keeps its folder. */
  finish(): Promise<TemplateDataDir>;
}

/**
 * Starts the template's server on a new folder; resolves once it serves (its routes registered
 * and its first sync under way), so the caller can build the web app meanwhile.
 */
export async function startTemplateServer(): Promise<TemplateServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'heatsignal-e2e-template-'));
  const server = await startDedicatedServer({}, { dataDir: dir, keepDataDir: true });
  return {
    async finish() {
      try {
        await waitForFirstSync(server.baseUrl);
      } finally {
        await server.stop();
      }
      return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
    },
  };
}
