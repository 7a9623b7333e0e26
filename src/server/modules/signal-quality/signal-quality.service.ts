import type {
  BacktestCalibration,
  PublicationGate,
  CalibrationBucket,
  PublishedOutcomes,
  SignalQualityGroup,
  SignalQualityQuery,
  SignalQualityResponse,
} from '../../../contract/signal-quality';
import { ENGINE_VERSION } from '../../engine';
import type { OffersService } from '../offers/offers.service';
import type { SignalQualityRepo } from './signal-quality.repo';
import { computeBacktestReport, type BacktestDeps } from './signal-quality.backtest';

const RANGE_DAYS: Record<SignalQualityQuery['timeRange'], number | null> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  all: null,
};

interface Counts {
  sampleSize: number;
  succeeded: number;
  failed: number;
  neither: number;
  predictedSum: number;
}

function outcomeCounts(c: Counts) {
  return {
    predictedSuccessRate: c.sampleSize ? c.predictedSum / c.sampleSize : null,
    sampleSize: c.sampleSize,
    succeeded: c.succeeded,
    failed: c.failed,
    neither: c.neither,
    realisedSuccessRate: c.sampleSize ? (100 * c.succeeded) / c.sampleSize : null,
  };
}

type OutcomeTally = Awaited<ReturnType<OffersService['outcomeTally']>>;

/** Not yet scored (outcome null) counts as pending: nothing published is left out. */
function publishedOutcomes(tally: OutcomeTally): PublishedOutcomes {
  const counts: PublishedOutcomes = {
    published: 0,
    succeeded: 0,
    failed: 0,
    neither: 0,
    unscoreable: 0,
    pending: 0,
  };
  for (const { outcome, n } of tally) {
    counts.published += n;
    counts[outcome ?? 'pending'] += n;
  }
  return counts;
}

/**
 * Live results: every offer scored at its horizon (accepted, rejected, ignored or expired alike),
 * predicted success against realised, by position type × risk and by band of prediction; plus the
 * latest walk-forward backtest of the engine on stored candles. Only real outcomes count
 * (succeeded, failed, neither): an unscoreable offer says nothing about the prediction. Beside them,
 * every offer published in the range is counted by how it ended, so none is hidden.
 */
export function createSignalQualityService(deps: {
  offers: Pick<OffersService, 'outcomeStats' | 'outcomeTally'>;
  repo: SignalQualityRepo;
  /** What the walk-forward backtest and the publication gate are computed from. */
  backtest: Omit<BacktestDeps, 'saveReport'>;
}) {
  return {
    /**
     * Recomputes the engine's walk-forward backtest and the publication gate on stored candles
     * (the gate decides what is published).
     */
    async refreshBacktest(): Promise<void> {
      await computeBacktestReport({
        ...deps.backtest,
        saveReport: (report) => deps.repo.insertReport(report),
      });
    },

    /** The latest stored backtest and gate; null before the first. */
    latestReport: (): Promise<BacktestCalibration | null> => deps.repo.latestReport(),

    /** The publication gate judged with the latest backtest; null before the first. */
    async latestGate(): Promise<PublicationGate | null> {
      return (await deps.repo.latestReport())?.gate ?? null;
    },
    async read(query: SignalQualityQuery): Promise<SignalQualityResponse> {
      const days = RANGE_DAYS[query.timeRange];
      const since = days === null ? null : new Date(Date.now() - days * 86_400_000);
      const [rows, tally] = await Promise.all([
        deps.offers.outcomeStats(since),
        deps.offers.outcomeTally(since),
      ]);

      const empty = (): Counts => ({ sampleSize: 0, succeeded: 0, failed: 0, neither: 0, predictedSum: 0 });
      const groups = new Map<
        string,
        Counts & {
          positionType: SignalQualityGroup['positionType'];
          riskLevel: SignalQualityGroup['riskLevel'];
        }
      >();
      const bands = Array.from({ length: 10 }, empty);
      let brierSum = 0;
      let total = 0;
      let succeeded = 0;
      for (const row of rows) {
        const key = `${row.positionType}|${row.riskLevel}`;
        const group = groups.get(key) ?? {
          ...empty(),
          positionType: row.positionType,
          riskLevel: row.riskLevel,
        };
        groups.set(key, group);
        for (const target of [group, bands[row.band]!]) {
          target.sampleSize += row.n;
          target.predictedSum += row.predictedSum;
          if (row.outcome === 'succeeded') target.succeeded += row.n;
          else if (row.outcome === 'failed') target.failed += row.n;
          else if (row.outcome === 'neither') target.neither += row.n;
        }
        brierSum += row.brierSum;
        total += row.n;
        if (row.outcome === 'succeeded') succeeded += row.n;
      }
      const calibration: CalibrationBucket[] = bands.map((band, i) => ({
        from: i * 10,
        to: i * 10 + 10,
        ...outcomeCounts(band),
      }));
      return {
        backtest: await deps.repo.latestReport(),
        groups: [...groups.values()]
          .sort(
            (a, b) => a.positionType.localeCompare(b.positionType) || a.riskLevel.localeCompare(b.riskLevel),
          )
          .map((g) => ({ positionType: g.positionType, riskLevel: g.riskLevel, ...outcomeCounts(g) })),
        calibration,
        brierScore: total ? brierSum / total : null,
        brierBaseline: total ? (succeeded / total) * (1 - succeeded / total) : null,
        published: publishedOutcomes(tally),
        engineVersion: ENGINE_VERSION,
        generatedAt: new Date().toISOString(),
      };
    },
  };
}

export type SignalQualityService = ReturnType<typeof createSignalQualityService>;
