import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { AddPairDialog } from '../../admin-pairs';
import { AddTriggerDialog, GlobalSettingsForm } from '../../admin-settings';
import type { TabContext } from '../lib/collection-context';
import { CollectionScreen, type CollectionTabDef } from './collection-screen';
import { collectionTabs } from './dashboard-tabs';
import { HeatmapTab } from './heatmap-tab';
import { PairBulkActions } from './pair-bulk-actions';
import { PairsTab } from './pairs-tab';
import { TriggersTab } from './triggers-tab';

function EyePairsTab(ctx: TabContext) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PairsTab
        {...ctx}
        extraToolbar={(selected, clear) => (
          <>
            <Button onClick={() => setAdding(true)}>Add Pair</Button>
            <PairBulkActions selected={selected} clear={clear} />
          </>
        )}
      />
      {adding ? <AddPairDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}

function EyeTriggersTab(ctx: TabContext) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <TriggersTab {...ctx} toolbar={<Button onClick={() => setAdding(true)}>Add Trigger</Button>} />
      {adding ? <AddTriggerDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** The dashboard's 15 tabs with the Eye's extras on Crypto Pairs and Triggers, then Heatmap. */
const EYE_TABS: readonly CollectionTabDef[] = [
  ...collectionTabs(() => <GlobalSettingsForm />).map((tab) => {
    if (tab.id === 'cryptoPairs') return { ...tab, render: (ctx: TabContext) => <EyePairsTab {...ctx} /> };
    if (tab.id === 'triggers') return { ...tab, render: (ctx: TabContext) => <EyeTriggersTab {...ctx} /> };
    return tab;
  }),
  { id: 'heatmap', label: 'Heatmap', render: (ctx) => <HeatmapTab {...ctx} /> },
];

export function PairStatusPage() {
  return (
    <>
      <PageTitle title="All-Seeing Eye Dashboard" />
      <CollectionScreen variant="eye" tabs={EYE_TABS} />
    </>
  );
}
