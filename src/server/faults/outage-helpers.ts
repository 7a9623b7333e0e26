import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';
import { TEST_AUTH_SECRET } from '../testing/test-app';

/** Polls `condition` every 50 ms until it holds; throws after `timeoutMs`. */
export async function untilTrue(condition: () => Promise<boolean>, timeoutMs: number): Promise<true> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Records every unhandled rejection while the file's tests run (vitest would report them only at
 * the end, not per test); the returned function lists them.
 */
export function watchUnhandledRejections(): () => unknown[] {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', listener);
  });
  afterAll(() => {
    process.off('unhandledRejection', listener);
  });
  return () => [...seen];
}

/** The app on a PostgreSQL database of the test's own, made on the server behind `adminUrl`. */
export async function createPostgresTestApp(adminUrl: string): Promise<PostgresTestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-faults-'));
  const database = await createTestDatabase({ kind: 'postgres', databaseUrl: adminUrl });
  if (database.kind !== 'postgres') throw new Error('unreachable: asked for PostgreSQL');
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    databaseName: new URL(String(database.client.options.connectionString)).pathname.slice(1),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PostgresTestApp {
  app: FastifyInstance;
  databaseName: string;
  close(): Promise<void>;
}
