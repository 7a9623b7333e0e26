import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { adminFormat } from '../../../lib/admin-format';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import type { TableSort } from '../../../components/ui/table-frame';
import type { PairSort, PairSortKey } from '../lib/pair-sort';
import { ActiveToggle } from './active-toggle';

interface PairColumnsOptions {
  selected: ReadonlySet<string>;
  onSelect: (symbol: string) => void;
  sort: PairSort;
  onSort: (key: PairSortKey) => void;
  onToggle: (pair: CryptoPairRecord) => void;
  onDelete: (pair: CryptoPairRecord) => void;
  busy: boolean;
}

/** Admin spec 2: a checkbox, the pair's figures (symbol, Kraken symbol and active sortable), its switch and Delete. */
export function pairColumns(options: PairColumnsOptions): Column<CryptoPairRecord>[] {
  const sortBy = (key: PairSortKey): TableSort => ({
    direction: options.sort.key === key ? options.sort.direction : null,
    onToggle: () => options.onSort(key),
  });
  const numeric = 'text-right tabular-nums';
  return [
    {
      key: 'select',
      header: 'Select',
      cell: (pair) => (
        <input
          type="checkbox"
          aria-label={`Select ${pair.symbol}`}
          checked={options.selected.has(pair.symbol)}
          onChange={() => options.onSelect(pair.symbol)}
          className="h-4 w-4 accent-orange-600"
        />
      ),
    },
    { key: 'symbol', header: 'Symbol', cell: (pair) => pair.symbol, sort: sortBy('symbol') },
    {
      key: 'krakenSymbol',
      header: 'Kraken Symbol',
      cell: (pair) => adminFormat.text(pair.krakenSymbol),
      sort: sortBy('krakenSymbol'),
    },
    {
      key: 'active',
      header: 'Active',
      sort: sortBy('active'),
      cell: (pair) => (
        <ActiveToggle
          symbol={pair.symbol}
          active={pair.active}
          disabled={options.busy}
          onToggle={() => options.onToggle(pair)}
        />
      ),
    },
    {
      key: 'attempts',
      header: 'Deactivation Attempts',
      cell: (pair) => adminFormat.text(pair.deactivation_attempts),
      className: numeric,
    },
    {
      key: 'analyses',
      header: 'Analysis Count',
      cell: (pair) => adminFormat.text(pair.analysis_count),
      className: numeric,
    },
    {
      key: 'progrev',
      header: 'Avg Progrev',
      cell: (pair) => adminFormat.score(pair.avg_progrev),
      className: numeric,
    },
    {
      key: 'delete',
      header: 'Delete',
      cell: (pair) => (
        <Button variant="danger" aria-label={`Delete ${pair.symbol}`} onClick={() => options.onDelete(pair)}>
          Delete
        </Button>
      ),
    },
  ];
}
