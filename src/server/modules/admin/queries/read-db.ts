/**
 * The admin read side (STYLE.md): the queries in this folder may join any module's tables and
 * sort in the database, and they only ever read. `ReadDb` is the database as they get it: selects
 * only, so the type checker refuses an insert, update, delete, raw execute or transaction here.
 * Writes always go through the owning module's service.
 */
import type { Database } from '../../../db/client';

export type ReadDb = Pick<Database, 'select' | 'selectDistinctOn'>;
