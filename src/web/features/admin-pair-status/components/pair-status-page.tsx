import { PageTitle } from '../../../components/ui/page-title';

export function PairStatusPage() {
  return <PageTitle title="All-Seeing Eye Dashboard" />;
}
