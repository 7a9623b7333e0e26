import type { ReactNode } from 'react';
import {
  TRACK_RECORD_EXPORT_FILE,
  TRACK_RECORD_VERIFIER_FILE,
  trackRecordExportEndpoint,
  trackRecordVerifierEndpoint,
} from '../../../../contract/track-record';
import { buttonClasses } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';

const COMMANDS: readonly { command: string; text: ReactNode }[] = [
  {
    command: `node ${TRACK_RECORD_VERIFIER_FILE} ${TRACK_RECORD_EXPORT_FILE}`,
    text: (
      <>
        Checks every link of the chain. It prints <q>track record intact (N entries)</q> and exits 0;
        otherwise it names the first broken line and exits 1.
      </>
    ),
  },
  {
    command: `node ${TRACK_RECORD_VERIFIER_FILE} <later export> --earlier <earlier export>`,
    text: 'Keep an export and download another later: this checks that nothing in the earlier one was changed or removed since.',
  },
  {
    command: 'npm run track-record:verify -- <file or URL>',
    text: 'The same check from a clone of the HeatSignal repository.',
  },
];

const code = (text: string) => <code className="font-mono text-slate-100">{text}</code>;

/** Nothing here asks the visitor to trust the page: the file and the check run on their machine. */
export function VerifyCard() {
  return (
    <SectionCard title="Verify it yourself">
      <p className="text-slate-300">
        Download the whole record and the verifier (one file, Node 20 or later, no packages, short enough to
        read before you run it), then run it on your own machine.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a
          href={trackRecordExportEndpoint.path}
          download={TRACK_RECORD_EXPORT_FILE}
          className={buttonClasses('primary')}
        >
          Download the record (JSON Lines)
        </a>
        <a
          href={trackRecordVerifierEndpoint.path}
          download={TRACK_RECORD_VERIFIER_FILE}
          className={buttonClasses('secondary')}
        >
          Download the verifier
        </a>
      </div>
      <ul className="mt-6 space-y-4">
        {COMMANDS.map(({ command, text }) => (
          <li key={command}>
            <pre className="whitespace-pre-wrap wrap-anywhere rounded-lg bg-slate-950 p-3 text-sm">
              {code(command)}
            </pre>
            <p className="mt-1.5 text-sm text-slate-400">{text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-300">
        To write your own verifier: each line of the export is one entry, and its {code('hash')} is the
        SHA-256 of the previous line&apos;s hash (empty on the first line), its position ({code('seq')}), the
        time it was recorded ({code('recordedAt')}) and the canonical JSON of its {code('entry')} (no
        whitespace, keys sorted), joined by newlines. The last line, {code('{"head":…}')}, gives the number of
        entries and the last hash, so a file cut short shows.
      </p>
    </SectionCard>
  );
}
