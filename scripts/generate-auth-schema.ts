/**
 * Writes src/server/db/schema/auth.ts from the better-auth options. Run when auth plugins change:
 *   NODE_OPTIONS="--import $PWD/scripts/groupby-polyfill.mjs" npx -y auth@1.7.7 generate \
 *     --config scripts/generate-auth-schema.ts --output src/server/db/schema/auth.ts --yes
 * (the CLI needs Node 22's Object.groupBy; the polyfill supplies it on Node 20).
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { drizzle } from 'drizzle-orm/pglite';
import { authSchemaOptions } from '../src/server/modules/auth/auth-options';

export const auth = betterAuth({
  ...authSchemaOptions,
  database: drizzleAdapter(drizzle.mock(), { provider: 'pg' }),
  telemetry: { enabled: false },
});
