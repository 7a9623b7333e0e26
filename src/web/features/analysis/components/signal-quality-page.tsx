import { PageTitle } from '../../../components/ui/page-title';

export function SignalQualityPage() {
  return <PageTitle title="Signal Quality" />;
}
