import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/client';
import { member, organization, user as users } from '../../db/schema';

/** Organisations and memberships (better-auth's tables, read and written for our own rules). */
export function createOrganizationsRepo(db: Database) {
  return {
    transaction: <T>(run: (tx: Transaction) => Promise<T>) => db.transaction(run),

    membershipsOf(userId: string) {
      return db
        .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
        .from(member)
        .innerJoin(organization, eq(member.organizationId, organization.id))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt));
    },

    /** A new organisation with `userId` as its owner; returns its id. */
    async addOrganization(queryable: Queryable, userId: string, org: { name: string; slug: string }) {
      const id = randomUUID();
      const now = new Date();
      await queryable.insert(organization).values({ id, name: org.name, slug: org.slug, createdAt: now });
      await queryable
        .insert(member)
        .values({ id: randomUUID(), organizationId: id, userId, role: 'owner', createdAt: now });
      return id;
    },

    async userName(userId: string): Promise<string | null> {
      const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },

    membershipsIn(userId: string, organizationId: string) {
      return db
        .select({ organizationId: member.organizationId, role: member.role })
        .from(member)
        .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)));
    },

    async membersWithRoles(organizationId: string, roles: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ userId: member.userId })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), inArray(member.role, [...roles])));
      return rows.map((r) => r.userId);
    },
  };
}
