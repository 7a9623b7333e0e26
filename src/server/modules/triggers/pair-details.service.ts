import type { Executor } from '../../db/client';
import { createTriggerPairDetailsRepo } from './pair-details.repo';

/** The triggers module's side of the admin pair details: a pair's triggers. */
export const createTriggerPairDetails = (db: Executor) => createTriggerPairDetailsRepo(db);
