import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useTriggerChange } from '../../admin-settings';
import { triggerColumns } from './collection-columns';
import type { TabContext } from '../lib/collection-context';
import { CollectionTab } from './record-tabs';
import { useConfirm } from '../../../components/ui/use-confirm';

/** Triggers with a guarded Delete per row (admin spec 2); `toolbar` adds the Eye's Add Trigger. */
export function TriggersTab({ toolbar, ...ctx }: TabContext & { toolbar?: ReactNode }) {
  const confirm = useConfirm();
  const remove = useTriggerChange();
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
                remove.mutate({ action: 'delete', type: trigger.type, symbol: trigger.symbol }),
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
