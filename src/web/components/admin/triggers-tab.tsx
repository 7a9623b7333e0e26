import type { ReactNode } from 'react';
import { manageTriggersEndpoint, type TriggerRecord } from '../../../contract/admin-triggers';
import { Button } from '../ui/button';
import { adminPost, useAdminMutation } from './admin-queries';
import { triggerColumns } from './collection-columns';
import type { TabContext } from './collection-context';
import { CollectionTab } from './record-tabs';
import { useConfirm } from './use-confirm';

/** Triggers with a guarded Delete per row (admin spec 2); `toolbar` adds the Eye's Add Trigger. */
export function TriggersTab({ toolbar, ...ctx }: TabContext & { toolbar?: ReactNode }) {
  const confirm = useConfirm();
  const remove = useAdminMutation({
    run: (trigger: TriggerRecord) =>
      adminPost(
        manageTriggersEndpoint,
        { action: 'delete', type: trigger.type, symbol: trigger.symbol },
        'Failed to manage trigger',
      ),
    success: () => 'Trigger action successful',
    failure: () => 'Failed to manage trigger',
  });
  return (
    <>
      <CollectionTab
        {...ctx}
        collection="triggers"
        title="Triggers"
        columns={triggerColumns}
        rowLabel={(t) => `${t.type} trigger for ${t.symbol}`}
        toolbar={() => toolbar}
        actions={(trigger) => (
          <Button
            variant="danger"
            onClick={() =>
              confirm.ask(`Delete trigger ${trigger.type} for ${trigger.symbol}?`, () =>
                remove.mutate(trigger),
              )
            }
          >
            Delete<span className="sr-only"> {`${trigger.type} trigger for ${trigger.symbol}`}</span>
          </Button>
        )}
      />
      {confirm.dialog}
    </>
  );
}
