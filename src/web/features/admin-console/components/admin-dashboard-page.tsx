import { PageTitle } from '../../../components/ui/page-title';
import { GlobalSettingsForm } from '../../admin-settings';
import { CollectionScreen } from './collection-screen';
import { collectionTabs } from './dashboard-tabs';

const TABS = collectionTabs(() => <GlobalSettingsForm />);

export function AdminDashboardPage() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <CollectionScreen variant="dashboard" tabs={TABS} />
    </>
  );
}
