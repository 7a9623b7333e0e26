import { PageTitle } from '../../../components/ui/page-title';

export function SettingsPage() {
  return <PageTitle title="User Settings" />;
}
