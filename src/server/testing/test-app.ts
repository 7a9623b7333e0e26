import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';
import type { RateLimits } from '../http/rate-limits';

const GENEROUS: RateLimits = {
  auth: { max: 10_000, timeWindow: 60_000 },
  contact: { max: 10_000, timeWindow: 60_000 },
  apiKey: { free: 10_000, pro: 10_000, timeWindow: 60_000 },
};

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  /** The raw handle (e.g. to count the queries a request runs). */
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

/** A real app on a fresh migrated database (PGlite, or PostgreSQL when DATABASE_URL is set). */
export async function createTestApp(
  options: Partial<Omit<AppOptions, 'config' | 'database'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const { env, ...overrides } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-test-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const app = await buildApp({ config, database, rateLimits: GENEROUS, ...overrides });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  token: string;
  email: string;
  auth: { authorization: string };
}

let counter = 0;

/** Signs a new account up through the public endpoint, as a script would. */
export async function signUp(app: FastifyInstance, name = 'Test Trader'): Promise<TestUser> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password: 'correct-horse-battery' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error('sign-up returned no bearer token');
  const body = response.json<{ user: { id: string } }>();
  return { id: body.user.id, token, email, auth: { authorization: `Bearer ${token}` } };
}

export interface TestAppWithUsers {
  t: TestApp;
  /** The first account: owner of the operator organisation, so an admin. */
  admin: TestUser;
  trader: TestUser;
}

/** A fresh app with its first account (an admin) and a second one (a trader). */
export async function createTestAppWithUsers(
  overrides: Parameters<typeof createTestApp>[0] = {},
): Promise<TestAppWithUsers> {
  const t = await createTestApp(overrides);
  const admin = await signUp(t.app, 'Admin');
  const trader = await signUp(t.app, 'Trader');
  return { t, admin, trader };
}
