import { PageTitle } from '../../../components/ui/page-title';
import { CollapsibleSection } from './collapsible-section';
import { GlobalSettingsForm } from './global-settings-form';
import { KillSwitch } from './kill-switch';
import { LiveTriggers } from './live-triggers';
import { SubscriptionsTable } from './subscriptions-table';

export function PlatformSettingsPage() {
  return (
    <div className="space-y-6">
      <PageTitle title="Platform Settings" />
      {/* First: in an emergency the operator should not scroll past the settings form to it. */}
      <CollapsibleSection title="Kill Switch">
        <KillSwitch />
      </CollapsibleSection>
      <CollapsibleSection title="Global Config">
        <GlobalSettingsForm />
      </CollapsibleSection>
      <CollapsibleSection title="Live Triggers">
        <LiveTriggers />
      </CollapsibleSection>
      <CollapsibleSection title="Subscriptions">
        <SubscriptionsTable />
      </CollapsibleSection>
    </div>
  );
}
