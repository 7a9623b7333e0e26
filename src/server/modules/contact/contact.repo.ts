import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

export function createContactRepo(db: Database) {
  return {
    async insert(message: NewContactMessage): Promise<void> {
      await db.insert(contactMessages).values(message);
    },
  };
}
