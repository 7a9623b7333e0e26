import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import {
  account,
  apiKeys,
  invitation,
  member,
  organization,
  session,
  twoFactor,
  user as users,
} from '../../db/schema';

/** Lookups on the user table that better-auth does not make for us. */
export function createUsersRepo(db: Database) {
  return {
    async usernameTaken(username: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      return rows.length > 0;
    },

    async referralCodeTaken(code: string): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
      return rows.length > 0;
    },

    async idByReferralCode(code: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, code))
        .limit(1);
      return row?.id ?? null;
    },

    async referralCodeOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ code: users.referralCode })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.code ?? null;
    },

    /** Sets the code only while the user has none; false when another writer got there first. */
    async setReferralCodeIfMissing(userId: string, code: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ referralCode: code })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async contactsOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    async usernames(ids: readonly string[]): Promise<{ id: string; username: string | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    /** Holds the user row until the transaction ends (a second deletion waits); false when gone. */
    async lock(userId: string, tx: Queryable): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return rows.length > 0;
    },

    /** The owners of an organisation. */
    async ownersOf(organizationId: string, tx: Queryable): Promise<string[]> {
      const rows = await tx
        .select({ userId: member.userId })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), eq(member.role, 'owner')));
      return rows.map((r) => r.userId);
    },

    /**
     * Leaves a nameless husk of the user: the row stays for the ledger, trades and payments that
     * point at it, but nothing in it names a person and nothing can sign in with it. Organisations
     * the user was the only member of go with the memberships.
     */
    async anonymise(userId: string, tx: Queryable): Promise<void> {
      await tx
        .update(users)
        .set({
          name: 'Deleted user',
          email: `deleted-${userId}@deleted.invalid`,
          emailVerified: false,
          image: null,
          username: null,
          twoFactorEnabled: false,
        })
        .where(eq(users.id, userId));
      await tx.delete(account).where(eq(account.userId, userId));
      await tx.delete(session).where(eq(session.userId, userId));
      await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      await tx.delete(invitation).where(eq(invitation.inviterId, userId));
      const memberships = await tx
        .delete(member)
        .where(eq(member.userId, userId))
        .returning({ organizationId: member.organizationId });
      const ids = memberships.map((m) => m.organizationId);
      if (ids.length === 0) return;
      const emptied = await tx
        .select({ id: organization.id })
        .from(organization)
        .leftJoin(member, eq(member.organizationId, organization.id))
        .where(and(inArray(organization.id, ids), isNull(member.id)));
      if (emptied.length > 0)
        await tx.delete(organization).where(
          inArray(
            organization.id,
            emptied.map((o) => o.id),
          ),
        );
    },
  };
}
