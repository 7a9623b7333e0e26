import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useDeleteAccount, useDownloadMyData } from '../api/account-data';
import { PasswordConfirmForm } from './password-confirm-form';

export const EXPORT_TEXT = 'Download everything HeatSignal holds about you as a JSON file.';
export const DELETE_TEXT =
  'Deleting your account signs you out everywhere and removes your name, address and sign-in for good. It is possible only with nothing left in it: no balance, no open trade and no pending payment. Your past payments and trades stay in the books under no name, so they still add up.';
export const ACCOUNT_DELETED = 'Your account is deleted.';

/** Settings' 'Your Data': the export, and deleting an empty account. */
export function YourDataCard() {
  const download = useDownloadMyData();
  const remove = useDeleteAccount();
  const [deleting, setDeleting] = useState(false);

  return (
    <SectionCard title="Your Data">
      <div className="space-y-4 text-sm text-slate-300">
        <p>{EXPORT_TEXT}</p>
        <Button
          variant="secondary"
          disabled={download.isPending}
          aria-busy={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onError: (error) => toast.error(serverErrorMessage(error, 'Could not download your data')),
            })
          }
        >
          Download My Data
        </Button>
        <p>{DELETE_TEXT}</p>
        {deleting ? (
          <PasswordConfirmForm
            label="Delete my account"
            submitLabel="Delete My Account"
            danger
            onCancel={() => setDeleting(false)}
            onSubmit={async (password) => {
              try {
                await remove.mutateAsync(password);
                toast.success(ACCOUNT_DELETED);
              } catch (error) {
                toast.error(serverErrorMessage(error, 'Could not delete the account'));
              }
            }}
          />
        ) : (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete My Account
          </Button>
        )}
      </div>
    </SectionCard>
  );
}
