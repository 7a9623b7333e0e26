import type { ScheduleStatus } from '../../../../contract/admin-system-health';
import { formatDateTime } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/ui/data-table';

/** What an operator needs to know of a scheduled task in a word or two. */
export function scheduleState(schedule: ScheduleStatus): string {
  if (schedule.running) return 'Running';
  if (schedule.lastError) return `Failed: ${schedule.lastError}`;
  return schedule.lastFinishedAt ? 'OK' : 'Not run yet';
}

const columns: Column<ScheduleStatus>[] = [
  { key: 'task', header: 'Task', cell: (s) => s.task },
  { key: 'state', header: 'Status', cell: (s) => scheduleState(s), className: 'whitespace-normal' },
  { key: 'last', header: 'Last Run', cell: (s) => formatDateTime(s.lastStartedAt) },
  { key: 'next', header: 'Next Run', cell: (s) => formatDateTime(s.nextRunAt) },
];

/**
 * The workers' scheduled tasks (pair sync, market refresh, analyses, offer upkeep, trade monitor,
 * retention): a failing one says why, so an outage shows here as well as in the logs.
 */
export function BackgroundWorkTable({ schedules }: { schedules: ScheduleStatus[] | undefined }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-300">Background Work</h3>
      <DataTable
        caption="Background work"
        columns={columns}
        rows={schedules}
        rowKey={(s) => s.task}
        emptyText="No background work has been scheduled yet"
        rowClassName={(s) => (s.lastError && !s.running ? 'text-red-300' : '')}
      />
    </section>
  );
}
