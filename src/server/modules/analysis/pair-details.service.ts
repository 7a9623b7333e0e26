import type { Executor } from '../../db/client';
import { createAnalysisPairDetailsRepo, readDetailFigures } from './pair-details.repo';

export type { AnalysisDetailRow, DetailFigures } from './pair-details.repo';

/** The analysis module's side of the admin pair details: a pair's runs and their stored figures. */
export function createAnalysisPairDetails(db: Executor) {
  return { ...createAnalysisPairDetailsRepo(db), readFigures: readDetailFigures };
}
