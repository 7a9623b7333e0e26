import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Every instant is stored as timestamptz so PGlite and PostgreSQL agree whatever the session zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by the database on insert and by drizzle on every `update()` it builds. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** USD integer cents; bigint in the database, a JS number (safe to ±9e15) in code. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
