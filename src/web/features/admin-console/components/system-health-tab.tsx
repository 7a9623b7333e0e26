import { toast } from 'react-toastify';
import type { SystemHealth } from '../../../../contract/admin-system-health';
import { csvText } from '../../../../contract/csv';
import { serverErrorMessage } from '../../../lib/api-client';
import { saveTextFile } from '../../../lib/download';
import { NOT_AVAILABLE } from '../../../lib/format';
import { PublicationGateCard } from '../../../components/publication-gate-card';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { useSystemHealth } from '../api/get-system-health';
import { BackgroundWorkTable } from './background-work-table';
import { MailStatusLine } from './mail-status-line';
import { TelegramStatusLine } from './telegram-status-line';
import { ReconciliationCard } from './reconciliation-card';
import type { TabContext } from '../lib/collection-context';

const queueJobs = (health: SystemHealth) =>
  Object.values(health.queue).reduce((sum, count) => sum + count, 0);

/** The audit log's hash chain in words: intact, or the first row that does not hold. */
const auditChainText = ({ auditChain: chain }: SystemHealth) =>
  chain.intact
    ? `Intact (${chain.rows} ${chain.rows === 1 ? 'row' : 'rows'})`
    : `Broken at row ${chain.firstBrokenId} (${chain.reason === 'hash' ? 'row changed' : 'row removed or inserted before it'})`;

const cardsOf = (health: SystemHealth | undefined) => [
  { label: 'Active Pairs', value: health?.activePairs ?? null },
  { label: 'Redis Keys', value: health?.redisKeys ?? null },
  { label: 'Queue Jobs', value: health ? queueJobs(health) : null },
  { label: 'Audit Chain', value: health ? auditChainText(health) : null },
];

/**
 * System Health: the spec's three cards and the audit chain's, refetched every 60 s, 'N/A' when
 * missing, this process's mail, reconciliation of the live exchange account, the workers' scheduled
 * tasks below them, and each strategy family's gate figures.
 */
export function SystemHealthTab({ variant, params }: TabContext) {
  const query = useSystemHealth();
  const cards = cardsOf(query.data);
  const onExport = () => {
    const text = csvText(
      cards.map((card) => card.label),
      [cards.map((card) => card.value)],
    );
    saveTextFile(`systemHealth-${params.timeRange}.csv`, text, 'text/csv;charset=utf-8');
    toast.success('System Health exported as CSV');
  };
  return (
    <div className="space-y-4">
      <Button variant="secondary" onClick={onExport} disabled={!query.data}>
        {variant === 'eye' ? 'Export System Health' : 'Export CSV'}
      </Button>
      {query.error ? (
        <LoadError title="Failed to load System Health" detail={serverErrorMessage(query.error, '')} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-slate-700 bg-slate-900/60 p-4">
            <h3 className="text-sm text-slate-400">{card.label}</h3>
            <p className="mt-2 text-2xl font-semibold text-white">{card.value ?? NOT_AVAILABLE}</p>
          </div>
        ))}
      </div>
      {query.data ? <MailStatusLine status={query.data.mail} /> : null}
      {query.data ? <TelegramStatusLine status={query.data.telegram} /> : null}
      <ReconciliationCard />
      {query.data ? <BackgroundWorkTable schedules={query.data.schedules} /> : null}
      {query.data ? <PublicationGateCard gate={query.data.publicationGate ?? undefined} /> : null}
    </div>
  );
}
