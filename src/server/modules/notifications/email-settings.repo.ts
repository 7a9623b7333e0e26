import { inArray } from 'drizzle-orm';
import type { EmailSettingKind, EmailSettings } from '../../../contract/notifications';
import type { Database } from '../../db/client';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/errors';
import { emailSettings } from '../../db/schema';

/** No row: every mail on (the table's defaults). */
export const EMAIL_DEFAULTS: EmailSettings = { tradeClosed: true, withdrawals: true, digest: true };

const settingsOf = (row: typeof emailSettings.$inferSelect): EmailSettings => ({
  tradeClosed: row.tradeClosed,
  withdrawals: row.withdrawals,
  digest: row.digest,
});

export function createEmailSettingsRepo(db: Database) {
  return {
    /** userId → settings, for each of `userIds` (defaults for those with no row). */
    async ofUsers(userIds: readonly string[]): Promise<Map<string, EmailSettings>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(emailSettings).where(inArray(emailSettings.userId, ids));
      const found = new Map(rows.map((row) => [row.userId, settingsOf(row)]));
      return new Map(ids.map((id) => [id, found.get(id) ?? { ...EMAIL_DEFAULTS }]));
    },

    /** Stores all three choices; false when there is no such user (an account deleted meanwhile). */
    async save(userId: string, settings: EmailSettings): Promise<boolean> {
      return upsertIfUser(db, { userId, ...settings }, settings);
    },

    /** Turns one kind of mail off (an unsubscribe link); false when there is no such user. */
    async turnOff(userId: string, kind: EmailSettingKind): Promise<boolean> {
      return upsertIfUser(db, { userId, [kind]: false }, { [kind]: false });
    },

    /** The last digest went at `at` (the digest task, once the mail was handed over). */
    async recordDigest(userId: string, at: Date): Promise<void> {
      await upsertIfUser(db, { userId, digestSentAt: at }, { digestSentAt: at });
    },
  };
}

async function upsertIfUser(
  db: Database,
  row: typeof emailSettings.$inferInsert,
  set: Partial<typeof emailSettings.$inferInsert>,
): Promise<boolean> {
  try {
    await db.insert(emailSettings).values(row).onConflictDoUpdate({ target: emailSettings.userId, set });
    return true;
  } catch (error) {
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) return false;
    throw error;
  }
}

export type EmailSettingsRepo = ReturnType<typeof createEmailSettingsRepo>;
