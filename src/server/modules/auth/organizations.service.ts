import { TransactionRollbackError } from 'drizzle-orm';
import type { UserOrganization } from '../../../contract/account';
import type { Database, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { SettingsService } from '../settings/settings.service';
import { ADMIN_ROLES, defaultActiveOrganizationId, isAdminIn } from './grants';
import { createOrganizationsRepo } from './organizations.repo';

const OPERATOR_ORGANIZATION = { name: 'HeatSignal Operators', slug: 'heatsignal-operators' };

export interface OrganizationsOptions {
  /** The settings module keeps which organisation is the operator organisation. */
  settings: Pick<SettingsService, 'operatorOrganizationId' | 'claimOperatorOrganization'>;
  /** Told after memberships of these users changed (cached viewers of theirs must go). */
  onMembershipsChanged?: (userIds: string[]) => void;
}

/**
 * Organisations and the one rule that makes an admin: an owner/admin membership in the operator
 * organisation while it is the session's active organisation. The operator organisation is claimed
 * by the first account ever created, through a conditional update, so two racing sign-ups cannot
 * both become its owner.
 */
export function createOrganizationsService(db: Database, options: OrganizationsOptions) {
  const repo = createOrganizationsRepo(db);
  let operatorId: string | null = null;
  const changed = (userId: string) => options.onMembershipsChanged?.([userId]);

  async function operatorOrganizationId(): Promise<string | null> {
    operatorId ??= await options.settings.operatorOrganizationId();
    return operatorId;
  }

  const membershipsOf = (userId: string) => repo.membershipsOf(userId);
  const addOrganization = (queryable: Queryable, userId: string, org: { name: string; slug: string }) =>
    repo.addOrganization(queryable, userId, org);

  async function claimOperatorOrganization(userId: string): Promise<void> {
    if (await operatorOrganizationId()) return;
    await repo
      .transaction(async (tx) => {
        const id = await addOrganization(tx, userId, OPERATOR_ORGANIZATION);
        if (!(await options.settings.claimOperatorOrganization(id, tx))) tx.rollback();
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
      const firstName = (await repo.userName(userId))?.trim().split(/\s+/)[0] || 'My';
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
      return isAdminIn(await repo.membershipsIn(userId, operator), activeOrganizationId, operator);
    },

    /** Users who hold admin rights in the operator organisation (for admin-only notifications). */
    async adminUserIds(): Promise<string[]> {
      const operator = await operatorOrganizationId();
      if (!operator) return [];
      return repo.membersWithRoles(operator, [...ADMIN_ROLES]);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
