import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { PageTitle } from '../../../components/ui/page-title';
import { Pager } from '../../../components/ui/pager';
import { pageCount } from '../../../components/ui/paging';
import { SectionCard } from '../../../components/ui/section-card';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { saveTextFile } from '../../../lib/download';
import { useAdminLive } from '../../../lib/use-admin-live';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { serverErrorMessage } from '../../../lib/api-client';
import { useLoadErrorToast } from '../../../lib/use-load-error';
import { PAIRS_FETCH_ERROR, useCryptoPairs } from '../api/get-crypto-pairs';
import { usePairChanges } from '../hooks/use-pair-changes';
import { DEFAULT_PAIR_SORT, nextPairSort, type PairSortKey } from '../lib/pair-sort';
import { pairsCsv } from '../lib/pairs-csv';
import { AddPairDialog } from './add-pair-dialog';
import { pairColumns } from './pairs-columns';
import { PairsBulkButtons } from './pairs-bulk-buttons';
import { DEFAULT_PAIR_PAGE_SIZE, PairsFilters } from './pairs-filters';

const LOAD_ERROR = 'Error loading crypto pairs';

/** Manage Crypto Pairs (admin spec 2): search, sort, switch, add, delete, bulk, export, sync. */
export function ManagePairsPage() {
  useAdminLive();
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(DEFAULT_PAIR_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(DEFAULT_PAIR_SORT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const settledSearch = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const pairs = useCryptoPairs({ search: settledSearch, page, pageSize, sort });
  useLoadErrorToast(pairs.error, { fallback: PAIRS_FETCH_ERROR, toastId: 'crypto-pairs-error' });
  const changes = usePairChanges(() => setSelected(new Set()));

  const rows = pairs.data?.records;
  const total = pairs.data?.total ?? 0;
  // Only rows on screen count, so a search or page change never acts on pairs the admin cannot see.
  const selectedSymbols = (rows ?? []).filter((p) => selected.has(p.symbol)).map((p) => p.symbol);
  const allSelected = rows !== undefined && rows.length > 0 && selectedSymbols.length === rows.length;
  const lastPage = pageCount(total, pageSize);
  // A delete can leave the page past the end: step back to the last one (an update while
  // rendering, as React advises for state derived from a prop or a query).
  if (rows !== undefined && !pairs.isPlaceholderData && page > lastPage) setPage(lastPage);

  const toggleSelected = (symbol: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(symbol)) next.add(symbol);
      return next;
    });
  const sortBy = (key: PairSortKey) => {
    setSort((current) => nextPairSort(current, key));
    setPage(1);
  };
  const exportCsv = () => {
    saveTextFile(
      `crypto-pairs-${new Date().toISOString().slice(0, 10)}.csv`,
      pairsCsv(rows ?? []),
      'text/csv',
    );
    toast.success('Pairs exported successfully');
  };

  return (
    <div>
      <PageTitle title="Manage Crypto Pairs">
        <Button onClick={() => setAdding(true)}>Add Pair</Button>
        <Button variant="secondary" disabled={!rows || rows.length === 0} onClick={exportCsv}>
          Export Pairs
        </Button>
        <Button variant="secondary" disabled={changes.syncing} onClick={changes.sync}>
          {changes.syncing ? 'Syncing...' : 'Sync with Kraken'}
        </Button>
        <Link to="/admin/offer-analytics" className={buttonClasses('ghost')}>
          Offer Analytics
        </Link>
      </PageTitle>
      <SectionCard
        title="Crypto Pairs"
        actions={<span className="text-slate-300">Total Pairs: {total}</span>}
      >
        <PairsFilters
          search={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
          pageSize={pageSize}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
        {pairs.isError && !pairs.data ? (
          <LoadError title={LOAD_ERROR} detail={serverErrorMessage(pairs.error, LOAD_ERROR)} />
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <label className="inline-flex items-center gap-2 text-sm text-slate-300">
                <input
                  type="checkbox"
                  checked={allSelected}
                  disabled={!rows || rows.length === 0}
                  onChange={() => setSelected(new Set(allSelected ? [] : (rows ?? []).map((p) => p.symbol)))}
                  className="h-4 w-4 accent-orange-600"
                />
                Select all on this page
              </label>
              <PairsBulkButtons
                count={selectedSymbols.length}
                busy={changes.busy}
                onAction={(kind) => changes.bulk(kind, selectedSymbols)}
              />
            </div>
            <DataTable
              caption="Crypto pairs"
              columns={pairColumns({
                selected,
                onSelect: toggleSelected,
                sort,
                onSort: sortBy,
                onToggle: changes.toggle,
                onDelete: changes.remove,
                busy: changes.busy,
              })}
              rows={rows}
              rowKey={(p) => p.id}
              loading={pairs.isPending}
              loadingText="Loading crypto pairs..."
              emptyText="No crypto pairs available"
            />
            <Pager
              label="Crypto pair pages"
              page={page}
              pageSize={pageSize}
              total={total}
              onPageChange={setPage}
              disabled={pairs.isPlaceholderData}
            />
          </>
        )}
      </SectionCard>
      {adding ? <AddPairDialog onClose={() => setAdding(false)} /> : null}
      {changes.dialog}
    </div>
  );
}
