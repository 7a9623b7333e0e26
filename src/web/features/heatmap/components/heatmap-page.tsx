import { PageTitle } from '../../../components/ui/page-title';

export function HeatmapPage() {
  return <PageTitle title="Heatmap" />;
}
