import { useState, type FormEvent } from 'react';
import {
  haltTradingInputSchema,
  tradingHaltedMessage,
  type AdminTradingHalt,
} from '../../../../contract/trading-halt';
import { Button } from '../../../components/ui/button';
import { DetailRow } from '../../../components/ui/detail-row';
import { LoadError } from '../../../components/ui/load-error';
import { TextField } from '../../../components/ui/text-field';
import { useConfirm } from '../../../components/ui/use-confirm';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/format';
import {
  TRADING_HALT_LOAD_ERROR,
  useAdminTradingHalt,
  useHaltTrading,
  useResumeTrading,
} from '../api/trading-halt';

export const RESUME_QUESTION = 'Resume trading? Traders can accept offers again at once.';
export const haltQuestion = (reason: string, halted: boolean) =>
  halted
    ? `Replace the reason traders read with "${tradingHaltedMessage(reason)}"?`
    : `Halt every new accept, paper and live? Traders will read "${tradingHaltedMessage(reason)}". Open trades keep their exits.`;

/**
 * The kill switch (issue #20) on Platform Settings: halt every new accept with a reason traders
 * read, or resume. Each asks in the Confirmation dialog first; the server checks the reason again.
 */
export function KillSwitch() {
  const state = useAdminTradingHalt();
  const resume = useResumeTrading();
  const { ask, dialog } = useConfirm();

  if (state.isError && !state.data)
    return (
      <LoadError
        title={TRADING_HALT_LOAD_ERROR}
        detail={serverErrorMessage(state.error, TRADING_HALT_LOAD_ERROR)}
        onRetry={() => void state.refetch()}
      />
    );
  if (!state.data) return <p className="text-slate-400">Loading the kill switch...</p>;
  const halt = state.data;

  return (
    <div className="space-y-4">
      {halt.halted ? (
        <HaltInForce halt={halt} />
      ) : (
        <p role="status" className="text-slate-200">
          Trading is running: traders can accept offers.
        </p>
      )}
      {halt.halted ? (
        <Button
          disabled={resume.isPending}
          aria-busy={resume.isPending || undefined}
          onClick={() => ask(RESUME_QUESTION, () => resume.mutate())}
        >
          {resume.isPending ? 'Processing...' : 'Resume Trading'}
        </Button>
      ) : null}
      <HaltForm halted={halt.halted} ask={ask} />
      {dialog}
    </div>
  );
}

function HaltInForce({ halt }: { halt: AdminTradingHalt }) {
  return (
    <div role="status" className="rounded-lg border border-red-700 bg-red-950/60 p-4 text-sm">
      <p className="font-semibold text-red-100">Trading is halted: no new accepts, paper or live.</p>
      <dl className="mt-3 space-y-2">
        <DetailRow term="Reason">{halt.reason}</DetailRow>
        <DetailRow term="Halted since">{formatLongDateTime(halt.haltedAt)}</DetailRow>
        <DetailRow term="Halted by">
          {halt.haltedBy ? `${halt.haltedBy.name} (${halt.haltedBy.email})` : 'An account since deleted'}
        </DetailRow>
      </dl>
    </div>
  );
}

/** The reason, checked by the contract's rule before the Confirmation dialog; cleared once sent. */
function HaltForm({ halted, ask }: { halted: boolean; ask: (message: string, action: () => void) => void }) {
  const haltTrading = useHaltTrading();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const label = halted ? 'Update Reason' : 'Halt Trading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = haltTradingInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    ask(haltQuestion(parsed.data.reason, halted), () =>
      haltTrading.mutate(parsed.data.reason, { onSuccess: () => setReason('') }),
    );
  };

  return (
    <form aria-label={label} noValidate onSubmit={submit} className="space-y-3">
      <TextField
        label={halted ? 'New reason shown to traders' : 'Reason shown to traders'}
        value={reason}
        error={error}
        placeholder="e.g. Exchange maintenance until 14:00 UTC"
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      <p className="text-xs text-slate-400">
        One line, 1-500 characters. Traders read it on the offers screen and in every refused accept.
      </p>
      <Button
        type="submit"
        variant={halted ? 'secondary' : 'danger'}
        disabled={haltTrading.isPending}
        aria-busy={haltTrading.isPending || undefined}
      >
        {haltTrading.isPending ? 'Processing...' : label}
      </Button>
    </form>
  );
}
