import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api-client';

export interface OrganizationInput {
  organizationId: string;
}

export function setActiveOrganization({ organizationId }: OrganizationInput): Promise<unknown> {
  return apiRequest('/auth/organization/set-active', {
    method: 'POST',
    body: { organizationId },
    fallbackError: 'Failed to switch organization',
  });
}

export function leaveOrganization({ organizationId }: OrganizationInput): Promise<unknown> {
  return apiRequest('/auth/organization/leave', {
    method: 'POST',
    body: { organizationId },
    fallbackError: 'Failed to leave organization',
  });
}

/**
 * After the server has switched, the user goes to /dashboard and every cached query is refetched:
 * permissions (and so admin access) follow the active organisation. Moving first keeps an admin
 * screen from flashing 'Admin access required' when the new organisation grants no admin rights.
 */
function useOrganizationMutation(call: (input: OrganizationInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: OrganizationInput) => {
      await call(input);
      await navigate('/dashboard', { flushSync: true });
      await queryClient.invalidateQueries();
    },
  });
}

export const useSetActiveOrganization = () => useOrganizationMutation(setActiveOrganization);
export const useLeaveOrganization = () => useOrganizationMutation(leaveOrganization);
