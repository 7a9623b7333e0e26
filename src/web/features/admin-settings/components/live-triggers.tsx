import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { ManageTriggerInput, TriggerRecord } from '../../../../contract/admin-triggers';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { saveTextFile } from '../../../lib/download';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { MANAGE_TRIGGER_FAILED, TRIGGERS_LOAD_ERROR, useManageTrigger, useTriggers } from '../api/triggers';
import { triggerFormValues, type TriggerFormValues } from '../lib/trigger-form';
import { triggersCsv } from '../lib/triggers-csv';
import { TriggerForm } from './trigger-form';
import { TriggersTable } from './triggers-table';

const TRIGGERS_PAGE_SIZE = 50;

/** Live Triggers: the manage form, 'Current Triggers (N total)' with Edit and Delete, and the export. */
export function LiveTriggers() {
  const [page, setPage] = useState(1);
  const triggers = useTriggers({ page, pageSize: TRIGGERS_PAGE_SIZE });
  useLoadErrorToast(triggers.error, { fallback: TRIGGERS_LOAD_ERROR, toastId: 'triggers-error' });
  const manage = useManageTrigger();
  const [loaded, setLoaded] = useState<TriggerFormValues | null>(null);
  const [deleting, setDeleting] = useState<TriggerRecord | null>(null);

  const run = (input: ManageTriggerInput) =>
    manage.mutateAsync(input).then(
      () => {
        toast.success('Trigger action successful');
        return true;
      },
      (error: unknown) => {
        toast.error(serverErrorMessage(error, MANAGE_TRIGGER_FAILED));
        return false;
      },
    );

  const confirmDelete = (trigger: TriggerRecord) => {
    setDeleting(null);
    void run({ action: 'delete', type: trigger.type, symbol: trigger.symbol });
  };

  const rows = triggers.data?.records;
  const exportCsv = () => {
    saveTextFile(
      `triggers-${new Date().toISOString().slice(0, 10)}.csv`,
      triggersCsv(rows ?? []),
      'text/csv',
    );
    toast.success('Triggers exported successfully');
  };

  return (
    <div className="space-y-6">
      <TriggerForm loaded={loaded} pending={manage.isPending} onSubmit={run} />
      <div>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-white">Current Triggers ({triggers.data?.total ?? 0} total)</h3>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!rows} onClick={exportCsv}>
              Export Triggers
            </Button>
            <Link to="/admin/offer-analytics" className={buttonClasses('ghost')}>
              Offer Analytics
            </Link>
          </div>
        </div>
        {triggers.isError && !triggers.data ? (
          <LoadError
            title={TRIGGERS_LOAD_ERROR}
            detail={serverErrorMessage(triggers.error, TRIGGERS_LOAD_ERROR)}
          />
        ) : (
          <>
            <TriggersTable
              rows={rows}
              loading={triggers.isPending}
              busy={manage.isPending}
              onEdit={(trigger) => setLoaded(triggerFormValues(trigger))}
              onDelete={setDeleting}
            />
            <Pager
              label="Trigger pages"
              page={page}
              pageSize={TRIGGERS_PAGE_SIZE}
              total={triggers.data?.total ?? 0}
              onPageChange={setPage}
              disabled={triggers.isPlaceholderData}
            />
          </>
        )}
      </div>
      {deleting ? (
        <ConfirmDialog
          message={`Are you sure you want to delete the ${deleting.type} trigger for ${deleting.symbol}?`}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
