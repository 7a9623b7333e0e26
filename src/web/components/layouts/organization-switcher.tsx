import { toast } from 'react-toastify';
import { serverErrorMessage } from '../../lib/api-client';
import { useLeaveOrganization, useSetActiveOrganization } from '../../lib/auth/organization-api';
import { useAuth } from '../../lib/auth/use-auth';

/** Lists the user's organisations; choosing or leaving one refetches /api/me and goes to /dashboard. */
export function OrganizationSwitcher() {
  const { user } = useAuth();
  const setActive = useSetActiveOrganization();
  const leave = useLeaveOrganization();
  if (!user || user.organizations.length === 0) return null;

  const current = user.organizations.find((org) => org.id === user.activeOrganizationId) ?? null;
  const busy = setActive.isPending || leave.isPending;

  const onSelect = (organizationId: string) => {
    if (!organizationId || organizationId === current?.id) return;
    setActive
      .mutateAsync({ organizationId })
      .catch((error: unknown) => toast.error(serverErrorMessage(error, 'Failed to switch organization')));
  };

  const onLeave = () => {
    if (!current || !window.confirm(`Leave ${current.name}?`)) return;
    leave
      .mutateAsync({ organizationId: current.id })
      .catch((error: unknown) => toast.error(serverErrorMessage(error, 'Failed to leave organization')));
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor="organization-switcher" className="sr-only">
        Organization
      </label>
      <select
        id="organization-switcher"
        value={current?.id ?? ''}
        disabled={busy}
        onChange={(event) => onSelect(event.target.value)}
        className="max-w-44 rounded-md border border-slate-600 bg-slate-800 px-2 py-1.5 text-sm text-slate-100 focus:outline-none focus:ring-2 focus:ring-orange-500"
      >
        {current ? null : (
          <option value="" disabled>
            Select organization
          </option>
        )}
        {user.organizations.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={onLeave}
        disabled={busy || !current}
        aria-label="Leave organization"
        className="rounded-md px-2 py-1.5 text-sm text-slate-400 hover:bg-slate-800 hover:text-red-300 disabled:opacity-50"
      >
        Leave
      </button>
    </div>
  );
}
