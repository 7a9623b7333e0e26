// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../testing/dom';
import { adminFormat } from '../../lib/admin-format';
import type { CollectionColumn } from './collection-column';
import { CollectionTable } from './collection-table';

interface Row {
  id: string;
  name: string | null;
  score: number | null;
}
const columns: CollectionColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => adminFormat.text(r.name), csv: (r) => r.name },
  { key: 'score', header: 'Score', cell: (r) => adminFormat.score(r.score), csv: (r) => r.score },
];

function renderTable(
  rows: Row[] | undefined,
  overrides: { loading?: boolean; total?: number; page?: number } = {},
) {
  const onSelectedChange = vi.fn<(next: Set<string>) => void>();
  const onPageChange = vi.fn<(page: number) => void>();
  const view = render(
    <CollectionTable
      caption="Things"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => `thing ${r.id}`}
      loading={overrides.loading ?? false}
      selected={new Set(['b'])}
      onSelectedChange={onSelectedChange}
      page={overrides.page ?? 1}
      pageSize={10}
      total={overrides.total ?? rows?.length ?? 0}
      onPageChange={onPageChange}
    />,
  );
  return { onSelectedChange, onPageChange, ...view };
}

const rows: Row[] = [
  { id: 'a', name: 'Alpha', score: 1.005 },
  { id: 'b', name: null, score: null },
];

describe('the admin collection table', () => {
  it('shows 5 skeleton rows while the first page loads', () => {
    renderTable(undefined, { loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No data available')).toBeNull();
  });

  it("says 'No data available' and 'Page 1 of 1' for an empty list", () => {
    renderTable([]);
    expect(screen.getByText('No data available')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it("formats cells and shows 'N/A' for empty ones", () => {
    renderTable(rows);
    expect(screen.getByText('Alpha')).toBeTruthy();
    expect(screen.getByText('1.01')).toBeTruthy();
    expect(screen.getAllByText('N/A')).toHaveLength(2);
  });

  it('counts pages as ceil(total / pageSize) and moves with Previous and Next', () => {
    const { onPageChange } = renderTable(rows, { total: 21, page: 2 });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('selects rows one by one and all at once', () => {
    const { onSelectedChange } = renderTable(rows);
    expect(screen.getByLabelText<HTMLInputElement>('Select thing b').checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Select thing a'));
    expect([...onSelectedChange.mock.calls[0]![0]].sort()).toEqual(['a', 'b']);
    fireEvent.click(screen.getByLabelText('Select all'));
    expect([...onSelectedChange.mock.calls[1]![0]].sort()).toEqual(['a', 'b']);
  });
});

describe('the admin figures', () => {
  it('uses the spec decimals: scores 2, price and volume 8, percentage 4, money 2 with $', () => {
    expect(adminFormat.score(12.345)).toBe('12.35');
    expect(adminFormat.price(0.1)).toBe('0.10000000');
    expect(adminFormat.percentage(-2.5)).toBe('-2.5000');
    expect(adminFormat.money(1234.5)).toBe('$1,234.50');
    expect(adminFormat.yesNo(false)).toBe('No');
    expect(adminFormat.list([])).toBe('N/A');
    expect(adminFormat.price(null)).toBe('N/A');
  });
});
