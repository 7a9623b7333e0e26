/**
 * The read sides (STYLE.md): the back office's lists (`modules/admin/queries/`) and what an accept
 * checks (`modules/trading/queries/`) may join any module's tables and sort in the database, and
 * they only ever read. `ReadDb` is the database as they get it: selects only, so the type checker
 * refuses an insert, update, delete, raw execute or transaction there. Writes always go through
 * the owning module's service.
 */
import type { Database } from './client';

export type ReadDb = Pick<Database, 'select' | 'selectDistinctOn'>;
