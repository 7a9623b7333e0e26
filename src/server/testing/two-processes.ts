import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig } from '../config';
import { createRedisBus } from '../realtime/redis-bus';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from './test-app';

// Redis runs on every machine of this project (CI included); REDIS_URL points elsewhere if needed.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Far under the 5 s a cached viewer and the 30 s a cached setting may live: only the bus is this fast. */
export const BY_BUS_MS = 1_500;

export interface TwoProcesses {
  /** The first instance, with the fresh database the two share. */
  t: TestApp;
  other: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Two app instances on one database and one Redis channel of their own, as two api processes
 * would be; `overrides` (a market, an executor…) go to both.
 */
export async function createTwoProcesses(
  overrides: Omit<NonNullable<AppOptions['overrides']>, 'bus'> = {},
): Promise<TwoProcesses> {
  const channel = `heatsignal-test-${randomUUID()}`;
  const [busA, busB] = [createRedisBus(REDIS_URL, { channel }), createRedisBus(REDIS_URL, { channel })];
  await Promise.all([busA.ready(), busB.ready()]);
  const t = await createTestApp({ overrides: { ...overrides, bus: busA } });
  const other = await buildApp({
    config: loadConfig({
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
    }),
    database: t.database,
    overrides: { ...overrides, bus: busB },
  });
  return {
    t,
    other,
    async close() {
      await other.close();
      await t.close();
    },
  };
}
