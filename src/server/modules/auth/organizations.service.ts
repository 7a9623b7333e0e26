import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, TransactionRollbackError } from 'drizzle-orm';
import type { UserOrganization } from '../../../contract/account';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { globalSettings, member, organization, user as users } from '../../db/schema';
import { ADMIN_ROLES, defaultActiveOrganizationId, isAdminIn } from './grants';

const OPERATOR_ORGANIZATION = { name: 'HeatSignal Operators', slug: 'heatsignal-operators' };

export interface OrganizationsOptions {
  /** Told after memberships of these users changed (cached viewers of theirs must go). */
  onMembershipsChanged?: (userIds: string[]) => void;
}

/**
 * Organisations and the one rule that makes an admin: an owner/admin membership in the operator
 * organisation while it is the session's active organisation. The operator organisation is claimed
 * by the first account ever created, through a conditional update, so two racing sign-ups cannot
 * both become its owner.
 */
export function createOrganizationsService(db: Database, options: OrganizationsOptions = {}) {
  let operatorId: string | null = null;
  const changed = (userId: string) => options.onMembershipsChanged?.([userId]);

  async function operatorOrganizationId(): Promise<string | null> {
    if (operatorId) return operatorId;
    const [row] = await db
      .select({ id: globalSettings.operatorOrganizationId })
      .from(globalSettings)
      .where(eq(globalSettings.id, 1));
    operatorId = row?.id ?? null;
    return operatorId;
  }

  async function membershipsOf(userId: string) {
    return db
      .select({ id: organization.id, name: organization.name, slug: organization.slug, role: member.role })
      .from(member)
      .innerJoin(organization, eq(member.organizationId, organization.id))
      .where(eq(member.userId, userId))
      .orderBy(asc(member.createdAt));
  }

  async function addOrganization(executor: Executor, userId: string, org: { name: string; slug: string }) {
    const id = randomUUID();
    const now = new Date();
    await executor.insert(organization).values({ id, name: org.name, slug: org.slug, createdAt: now });
    await executor
      .insert(member)
      .values({ id: randomUUID(), organizationId: id, userId, role: 'owner', createdAt: now });
    return id;
  }

  async function claimOperatorOrganization(userId: string): Promise<void> {
    if (await operatorOrganizationId()) return;
    await db
      .transaction(async (tx) => {
        const id = await addOrganization(tx, userId, OPERATOR_ORGANIZATION);
        const claimed = await tx
          .update(globalSettings)
          .set({ operatorOrganizationId: id })
          .where(and(eq(globalSettings.id, 1), isNull(globalSettings.operatorOrganizationId)))
          .returning({ id: globalSettings.id });
        if (claimed.length === 0) tx.rollback();
      })
      .then(() => changed(userId))
      .catch((error: unknown) => {
        // Another account claimed it first (rollback or the slug's unique index): not an error.
        if (!(error instanceof TransactionRollbackError) && !isUniqueViolation(error)) throw error;
      });
    operatorId = null;
  }

  return {
    operatorOrganizationId,

    /** A new account gets its own workspace; the very first one also founds the operator organisation. */
    async ensureUserOrganizations(userId: string): Promise<void> {
      await claimOperatorOrganization(userId);
      const memberships = await membershipsOf(userId);
      if (memberships.some((m) => m.slug.startsWith('personal-'))) return;
      const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      const firstName = owner?.name.trim().split(/\s+/)[0] || 'My';
      await addOrganization(db, userId, {
        name: `${firstName}'s workspace`,
        slug: `personal-${userId.toLowerCase()}`,
      });
      changed(userId);
    },

    async defaultActiveOrganizationId(userId: string): Promise<string | null> {
      const memberships = await membershipsOf(userId);
      const operator = await operatorOrganizationId();
      return defaultActiveOrganizationId(
        memberships.map((m) => ({ organizationId: m.id, role: m.role })),
        operator,
      );
    },

    async listForUser(userId: string): Promise<UserOrganization[]> {
      const operator = await operatorOrganizationId();
      return (await membershipsOf(userId)).map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        role: m.role === 'owner' || m.role === 'admin' ? m.role : 'member',
        isOperator: m.id === operator,
      }));
    },

    async isAdmin(userId: string, activeOrganizationId: string | null | undefined): Promise<boolean> {
      const operator = await operatorOrganizationId();
      if (!operator || activeOrganizationId !== operator) return false;
      const rows = await db
        .select({ organizationId: member.organizationId, role: member.role })
        .from(member)
        .where(and(eq(member.userId, userId), eq(member.organizationId, operator)));
      return isAdminIn(rows, activeOrganizationId, operator);
    },

    /** Users who hold admin rights in the operator organisation (for admin-only notifications). */
    async adminUserIds(): Promise<string[]> {
      const operator = await operatorOrganizationId();
      if (!operator) return [];
      const rows = await db
        .select({ userId: member.userId })
        .from(member)
        .where(and(eq(member.organizationId, operator), inArray(member.role, [...ADMIN_ROLES])));
      return rows.map((r) => r.userId);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
