import type { ReactNode } from 'react';
import type { TrackRecordResponse } from '../../../../contract/track-record';
import { SectionCard } from '../../../components/ui/section-card';
import { formatDateTime } from '../../../lib/format';

export const NOTHING_PUBLISHED =
  'Nothing has been published yet. The record starts with the first offer this server publishes.';

export function formatEntries(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:flex sm:gap-6">
      <dt className="shrink-0 text-slate-400 sm:w-36">{term}</dt>
      <dd className="min-w-0 text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * The chain's head: what a downloaded export must end with. Noting the hash lets anyone check
 * later that the record they are shown still extends the one they saw.
 */
export function ChainHeadCard({ head, startedAt }: Pick<TrackRecordResponse, 'head' | 'startedAt'>) {
  return (
    <SectionCard title="The chain">
      <dl className="space-y-3 text-sm">
        <Row term="Entries">
          <span className="text-lg font-semibold text-white" data-testid="chain-count">
            {formatEntries(head.count)}
          </span>
        </Row>
        {head.count === 0 ? null : (
          <>
            <Row term="Latest hash">
              <code className="break-all font-mono" data-testid="chain-hash">
                {head.hash}
              </code>
            </Row>
            <Row term="Recorded">{formatDateTime(head.recordedAt)}</Row>
            <Row term="Record started">{formatDateTime(startedAt)}</Row>
          </>
        )}
      </dl>
      {head.count === 0 ? (
        <p role="status" className="mt-4 text-slate-300">
          {NOTHING_PUBLISHED}
        </p>
      ) : null}
    </SectionCard>
  );
}
