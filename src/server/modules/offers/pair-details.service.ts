import type { Executor } from '../../db/client';
import { createOfferPairDetailsRepo } from './pair-details.repo';

/** The offers module's side of the admin pair details: a pair's recent offers. */
export const createOfferPairDetails = (db: Executor) => createOfferPairDetailsRepo(db);
