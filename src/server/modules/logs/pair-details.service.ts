import type { Executor } from '../../db/client';
import { createActionLogPairDetailsRepo } from './pair-details.repo';

/** The logs module's side of the admin pair details: a pair's recent action logs. */
export const createActionLogPairDetails = (db: Executor) => createActionLogPairDetailsRepo(db);
