import type { Database, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { createReferralCode } from './user-identity';
import { createUsersRepo } from './users.repo';

/** A user as other people's screens name them (payments: the approving admin, a withdrawal's owner). */
export interface UserContact {
  username: string | null;
  name: string;
  email: string;
}

/** What other modules may know about users: referral codes, public usernames, contacts for admins. */
export function createUsersService(db: Database) {
  const repo = createUsersRepo(db);

  return {
    /** The owner of a referral code (codes are stored upper-case), or null. */
    userIdByReferralCode: (code: string) => repo.idByReferralCode(code),

    /** id → username (null when the user has none); unknown ids are absent. */
    async usernames(ids: readonly string[]): Promise<Map<string, string | null>> {
      const rows = await repo.usernames([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /** id → username, display name and email; unknown ids are absent. */
    async contactsOf(ids: readonly string[]): Promise<Map<string, UserContact>> {
      const rows = await repo.contactsOf([...new Set(ids)]);
      return new Map(rows.map(({ id, ...contact }) => [id, contact]));
    },

    /** Holds the user row for the caller's transaction; false when there is no such user. */
    lockUser: (userId: string, tx: Queryable) => repo.lock(userId, tx),

    /** Whether the user is the only owner of this organisation. */
    async soleOwnerOf(organizationId: string, userId: string, tx: Queryable): Promise<boolean> {
      const owners = await repo.ownersOf(organizationId, tx);
      return owners.length === 1 && owners[0] === userId;
    },

    /** Inside the caller's transaction: the account's name, address, credentials and sessions go. */
    anonymise: (userId: string, tx: Queryable) => repo.anonymise(userId, tx),

    /**
     * The user's referral code, drawn now if they have none (accounts made outside sign-up). A
     * concurrent call may draw first (its code stands) or draw the same code for another user
     * (unique index): both end in re-reading or drawing again, never in two codes.
     */
    async ensureReferralCode(userId: string): Promise<string | null> {
      const current = await repo.referralCodeOf(userId);
      if (current) return current;
      for (;;) {
        try {
          const code = await createReferralCode(db);
          if (await repo.setReferralCodeIfMissing(userId, code)) return code;
          // No row changed: another writer set a code first, or the user is gone (null).
          return await repo.referralCodeOf(userId);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
