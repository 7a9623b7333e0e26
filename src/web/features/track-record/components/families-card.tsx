import type { TrackRecordFamily } from '../../../../contract/track-record';
import {
  FamilyComparisonNote,
  FamilyComparisonTable,
} from '../../../components/track-record/family-comparison-table';
import { SectionCard } from '../../../components/ui/section-card';

export function FamiliesCard({ families }: { families: readonly TrackRecordFamily[] }) {
  return (
    <SectionCard title="Per family, live against backtest">
      <FamilyComparisonTable families={families} caption="Per family, live against backtest" />
      <FamilyComparisonNote />
    </SectionCard>
  );
}
