import { InfoModal } from '../../../components/ui/info-modal';

/** Admin spec 2: a row opens 'Details' with the raw record, as the API sent it. */
export function ReportDetailsDialog({ record, onClose }: { record: object; onClose: () => void }) {
  return (
    <InfoModal title="Details" onClose={onClose}>
      <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-950 p-4 font-mono text-xs text-slate-200">
        {JSON.stringify(record, null, 2)}
      </pre>
    </InfoModal>
  );
}
