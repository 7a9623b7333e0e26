import { useState, type FormEvent } from 'react';
import {
  acknowledgeDriftInputSchema,
  livePausedMessage,
  type ReconciledAssetView,
  type ReconciliationRun,
} from '../../../../contract/reconciliation';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  RECONCILIATION_LOAD_ERROR,
  useAcknowledgeDrift,
  useReconciliation,
  useRunReconciliation,
} from '../api/reconciliation';

const STATUS_TEXT: Record<ReconciliationRun['status'], string> = {
  baseline: 'Baseline taken',
  balanced: 'Balanced',
  drift: 'Drift',
  error: 'Exchange did not answer',
  deferred: 'Deferred',
};

const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 10 });

/**
 * Reconciliation on System Health (issue #20): the live exchange account against the books, the
 * latest runs, and while a drift pauses live accepts, what drifted and the form to acknowledge it.
 */
export function ReconciliationCard() {
  const query = useReconciliation();
  const run = useRunReconciliation();
  const state = query.data;

  return (
    <section
      aria-labelledby="reconciliation-heading"
      className="rounded-lg border border-slate-700 bg-slate-900/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="reconciliation-heading" className="text-sm text-slate-400">
          Reconciliation
        </h3>
        {state?.enabled ? (
          <Button
            variant="secondary"
            disabled={run.isPending}
            aria-busy={run.isPending || undefined}
            onClick={() => run.mutate(undefined)}
          >
            {run.isPending ? 'Reconciling...' : 'Reconcile Now'}
          </Button>
        ) : null}
      </div>
      {query.isError && !state ? (
        <LoadError title={RECONCILIATION_LOAD_ERROR} detail={serverErrorMessage(query.error, '')} />
      ) : null}
      {state && !state.enabled ? (
        <p className="mt-2 text-slate-200">Off: paper trading holds nothing on an exchange.</p>
      ) : null}
      {state?.enabled ? (
        <div className="mt-2 space-y-3">
          {state.pausedBy ? <DriftAlert run={state.pausedBy} /> : <LatestLine run={state.runs[0]} />}
          <p className="text-xs text-slate-400">
            Every 5 minutes; a drift beyond ${state.toleranceUsd} in any asset pauses live accepts.
          </p>
          <RunsTable runs={state.runs.slice(0, 5)} />
        </div>
      ) : null}
    </section>
  );
}

function LatestLine({ run }: { run: ReconciliationRun | undefined }) {
  if (!run) return <p className="text-slate-200">No run yet.</p>;
  return (
    <p role="status" className="text-slate-200">
      Latest (#{run.id}, {formatDateTime(run.ranAt)}): {resultText(run)}
    </p>
  );
}

const driftColumns: Column<ReconciledAssetView>[] = [
  { key: 'asset', header: 'Asset', cell: (a) => a.asset },
  {
    key: 'exchange',
    header: 'Exchange',
    cell: (a) => amount(a.exchange),
    className: 'text-right tabular-nums',
  },
  { key: 'books', header: 'Books', cell: (a) => amount(a.expected), className: 'text-right tabular-nums' },
  {
    key: 'drift',
    header: 'Drift',
    cell: (a) =>
      `${a.drift > 0 ? '+' : ''}${amount(a.drift)}${a.driftUsd === null ? '' : ` ($${a.driftUsd.toFixed(2)})`}`,
    className: 'text-right tabular-nums',
  },
];

function DriftAlert({ run }: { run: ReconciliationRun }) {
  const drifted = run.assets.filter((a) => Math.abs(a.drift) > 1e-9);
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-700 bg-red-950/60 p-4 text-sm">
      <p className="font-semibold text-red-100">{livePausedMessage(run.id)}</p>
      <DataTable
        caption="Drift by asset"
        columns={driftColumns}
        rows={drifted}
        rowKey={(a) => a.asset}
        emptyText="No asset drifted"
      />
      <AcknowledgeForm runId={run.id} />
    </div>
  );
}

function AcknowledgeForm({ runId }: { runId: number }) {
  const acknowledge = useAcknowledgeDrift();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = acknowledgeDriftInputSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    acknowledge.mutate({ id: runId, note: parsed.data.note }, { onSuccess: () => setNote('') });
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <TextField
        label="What you found and did"
        value={note}
        error={error}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" disabled={acknowledge.isPending} aria-busy={acknowledge.isPending || undefined}>
        {acknowledge.isPending ? 'Processing...' : 'Acknowledge Drift'}
      </Button>
    </form>
  );
}

const runColumns: Column<ReconciliationRun>[] = [
  { key: 'run', header: 'Run', cell: (r) => `#${r.id}` },
  { key: 'at', header: 'At', cell: (r) => formatDateTime(r.ranAt) },
  { key: 'by', header: 'By', cell: (r) => (r.trigger === 'admin' ? 'Admin' : 'Schedule') },
  { key: 'result', header: 'Result', cell: (r) => resultText(r), className: 'whitespace-normal' },
];

function resultText(run: ReconciliationRun): string {
  const text = run.error ? `${STATUS_TEXT[run.status]}: ${run.error}` : STATUS_TEXT[run.status];
  if (!run.acknowledgedAt) return text;
  return `${text}, acknowledged by ${run.acknowledgedBy?.name ?? 'an account since deleted'}: ${run.acknowledgeNote ?? ''}`;
}

function RunsTable({ runs }: { runs: ReconciliationRun[] }) {
  return (
    <DataTable
      caption="Latest reconciliation runs"
      columns={runColumns}
      rows={runs}
      rowKey={(r) => String(r.id)}
      emptyText="No run yet"
      rowClassName={(r) => (r.status === 'drift' && !r.acknowledgedAt ? 'text-red-300' : '')}
    />
  );
}
