import { PageTitle } from '../../../components/ui/page-title';

export function ApprovalsPage() {
  return <PageTitle title="Pending Approvals" />;
}
