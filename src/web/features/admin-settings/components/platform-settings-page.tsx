import { PageTitle } from '../../../components/ui/page-title';

export function PlatformSettingsPage() {
  return <PageTitle title="Platform Settings" />;
}
