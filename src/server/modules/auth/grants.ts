/**
 * The one rule that makes an admin, shared by the viewer resolver, the organisations service and
 * the session watch of sockets and streams: an owner/admin membership in the operator organisation
 * while it is the session's active organisation.
 */
export const ADMIN_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

export interface MembershipGrant {
  organizationId: string;
  role: string;
}

/** The operator organisation for its members, else the oldest membership (list oldest first). */
export function defaultActiveOrganizationId(
  memberships: readonly MembershipGrant[],
  operatorId: string | null,
): string | null {
  return (memberships.find((m) => m.organizationId === operatorId) ?? memberships[0])?.organizationId ?? null;
}

export function isAdminIn(
  memberships: readonly MembershipGrant[],
  activeOrganizationId: string | null | undefined,
  operatorId: string | null,
): boolean {
  if (!operatorId || activeOrganizationId !== operatorId) return false;
  return memberships.some((m) => m.organizationId === operatorId && ADMIN_ROLES.has(m.role));
}
