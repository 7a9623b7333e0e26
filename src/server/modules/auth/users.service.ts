/**
 * Who a user id is, for modules that show other people's names (payments: the approving admin,
 * the trader behind a withdrawal). They may not read the user table themselves.
 */
import type { Database } from '../../db/client';
import { createUsersRepo } from './users.repo';

export interface UserContact {
  username: string | null;
  name: string;
  email: string;
}

export function createUsersService(db: Database) {
  const repo = createUsersRepo(db);
  return {
    /** The users that exist among `ids`, keyed by id (one query). */
    async contactsOf(ids: string[]): Promise<Map<string, UserContact>> {
      const rows = await repo.contactsOf([...new Set(ids)]);
      return new Map(rows.map(({ id, ...contact }) => [id, contact]));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
