import { desc } from 'drizzle-orm';
import type { BacktestCalibration } from '../../../contract/signal-quality';
import type { Database } from '../../db/client';
import { signalQualityReports } from '../../db/schema';

/** The stored walk-forward backtest reports (newest wins). */
export function createSignalQualityRepo(db: Database) {
  return {
    async insertReport(report: BacktestCalibration): Promise<void> {
      await db
        .insert(signalQualityReports)
        .values({ engineVersion: report.engineVersion, pairs: report.pairs, report });
    },

    async latestReport(): Promise<BacktestCalibration | null> {
      const [row] = await db
        .select({ report: signalQualityReports.report })
        .from(signalQualityReports)
        .orderBy(desc(signalQualityReports.computedAt))
        .limit(1);
      return (row?.report as BacktestCalibration | undefined) ?? null;
    },
  };
}

export type SignalQualityRepo = ReturnType<typeof createSignalQualityRepo>;
