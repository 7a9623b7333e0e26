import { useMutation } from '@tanstack/react-query';
import { accountExportEndpoint, deleteAccountEndpoint } from '../../../../contract/account-data';
import { apiRequest } from '../../../lib/api-client';
import { useConfirmSecondFactor } from '../../../lib/auth/second-factor-context';
import { retryWithSecondFactor } from '../../../lib/auth/second-factor-retry';
import { useAuth } from '../../../lib/auth/use-auth';
import { saveTextFile } from '../../../lib/download';
import { endpointPath } from '../../../lib/endpoint-path';

/** Fetches everything the server holds about the user and hands it to the browser as a file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest(endpointPath(accountExportEndpoint), {
        schema: accountExportEndpoint.response,
        fallbackError: 'Could not download your data',
      });
      const name = `heatsignal-data-${data.exportedAt.slice(0, 10)}.json`;
      saveTextFile(name, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
    },
  });
}

/**
 * Deletes the account (with two-factor on, after a fresh code), then signs out here: the server
 * has already ended every session.
 */
export function useDeleteAccount() {
  const confirm = useConfirmSecondFactor();
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: async (password: string) => {
      await retryWithSecondFactor(confirm, () =>
        apiRequest(endpointPath(deleteAccountEndpoint), {
          method: 'POST',
          body: { password },
          schema: deleteAccountEndpoint.response,
          fallbackError: 'Could not delete the account',
        }),
      );
      await signOut();
    },
  });
}
