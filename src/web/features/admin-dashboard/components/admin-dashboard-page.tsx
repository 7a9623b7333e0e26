import { CollectionScreen, collectionTabs } from '../../../components/admin';
import { PageTitle } from '../../../components/ui/page-title';
import { GlobalSettingsForm } from '../../admin-settings';

const TABS = collectionTabs(() => <GlobalSettingsForm />);

export function AdminDashboardPage() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <CollectionScreen variant="dashboard" tabs={TABS} />
    </>
  );
}
