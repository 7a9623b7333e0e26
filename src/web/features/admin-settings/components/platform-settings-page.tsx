import { PageTitle } from '../../../components/ui/page-title';
import { CollapsibleSection } from './collapsible-section';
import { GlobalSettingsForm } from './global-settings-form';
import { LiveTriggers } from './live-triggers';

export function PlatformSettingsPage() {
  return (
    <div className="space-y-6">
      <PageTitle title="Platform Settings" />
      <CollapsibleSection title="Global Config">
        <GlobalSettingsForm />
      </CollapsibleSection>
      <CollapsibleSection title="Live Triggers">
        <LiveTriggers />
      </CollapsibleSection>
    </div>
  );
}
