import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  signalQualityEndpoint,
  signalQualityResponseSchema,
  type PublicationGate,
} from '../../contract/signal-quality';
import { apiRequest } from '../lib/api-client';
import { endpointPath } from '../lib/endpoint-path';

/** What an empty list of offers means, in plain words, when the publication gate is why. */
export function gateEmptyText(gate: PublicationGate | undefined): string {
  if (!gate)
    return 'No offers yet: the publication gate has not judged the market data loaded at start-up. Offers appear once a strategy family passes it.';
  const passing = gate.families.filter((f) => f.passes).map((f) => f.name);
  if (passing.length === 0)
    return 'No strategy family passes the publication gate on this market, so HeatSignal publishes no offers: none has shown an edge that survives fees and the tests against luck here.';
  if ((gate.live ?? []).length === 0)
    return `${passing.join(', ')} ${passing.length === 1 ? 'passes' : 'pass'} the publication gate but ${passing.length === 1 ? 'holds' : 'hold'} no position at the latest daily close. New offers come with the next daily close that opens one.`;
  return '';
}

/**
 * Below an empty offers list: why it is empty when the publication gate is the reason, with a link
 * to the gate's figures on Signal Quality. Nothing when the gate has positions (the list is empty
 * for another reason: filters, or offers the trader already acted on).
 */
export function GateEmptyState() {
  const quality = useQuery({
    queryKey: ['publication-gate'] as const,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(signalQualityEndpoint), {
        query: { timeRange: '90d' },
        schema: signalQualityResponseSchema,
        fallbackError: 'Failed to load the publication gate',
        signal,
      }),
    // The gate is judged again at every daily close; a list left open follows it.
    refetchInterval: 60_000,
  });
  if (!quality.data) return null;
  const text = gateEmptyText(quality.data.backtest?.gate);
  if (!text) return null;
  return (
    <p
      className="mt-4 rounded-md border border-slate-700 bg-slate-900/60 p-3 text-slate-200"
      data-testid="gate-empty-state"
    >
      {text}{' '}
      <Link to="/analysis" className="font-medium text-sky-300 underline hover:text-sky-200">
        See the gate&apos;s figures on Signal Quality
      </Link>
      .
    </p>
  );
}
