import { defineConfig } from 'drizzle-kit';

/*
 * `npm run db:generate -- --name <change>` writes the next migration into ./drizzle from the
 * schema; never edit or delete an applied migration, add a new one.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
