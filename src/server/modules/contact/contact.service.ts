import type { ContactInput } from '../../../contract/contact';
import type { Database } from '../../db/client';
import { createContactRepo } from './contact.repo';

/** Messages from the contact form; a signed-in sender is linked to the account. */
export function createContactService(db: Database) {
  const repo = createContactRepo(db);
  return {
    send: (message: ContactInput, userId: string | null) => repo.insert({ ...message, userId }),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
