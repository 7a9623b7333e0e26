import { Link } from 'react-router';
import {
  FamilyComparisonNote,
  FamilyComparisonTable,
} from '../../../components/track-record/family-comparison-table';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { TRACK_RECORD_FAMILIES_ERROR, useTrackRecordFamilies } from '../api/get-track-record-families';

const TITLE = 'Live against backtest, per family';

/** Each family's live record from the public hash chain, all time, beside its backtest. */
export function LiveVsBacktestCard() {
  const families = useTrackRecordFamilies();
  return (
    <SectionCard
      title={TITLE}
      actions={
        <Link to="/track-record" className="font-semibold text-orange-400 hover:text-orange-300">
          Open the track record
        </Link>
      }
    >
      {families.isError ? (
        <p role="alert" className="text-red-300">
          {serverErrorMessage(families.error, TRACK_RECORD_FAMILIES_ERROR)}
        </p>
      ) : families.data ? (
        <FamilyComparisonTable families={families.data} caption={TITLE} />
      ) : (
        <p role="status" className="py-6 text-center text-slate-400">
          Loading the live record...
        </p>
      )}
      <p className="mt-3 text-sm text-slate-400">
        Live figures cover every offer since the public record started, whatever the time range above.
      </p>
      <FamilyComparisonNote />
    </SectionCard>
  );
}
