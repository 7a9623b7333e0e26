import type { ReactNode } from 'react';

export interface TableHeader {
  label: string;
  /** Extra classes for the header cell (e.g. 'text-right' over a numeric column). */
  className?: string;
  /** Makes the header a button that sorts by this column; `direction` is null when another one sorts. */
  sort?: TableSort;
}

export interface TableSort {
  direction: 'asc' | 'desc' | null;
  onToggle: () => void;
}

const SORT_ARROW = { asc: '▲', desc: '▼' } as const;

function HeaderLabel({ label, sort }: TableHeader) {
  if (!sort) return label;
  return (
    <button
      type="button"
      onClick={sort.onToggle}
      className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-white focus-visible:outline-2 focus-visible:outline-orange-400"
    >
      {label}
      <span aria-hidden="true">{sort.direction ? SORT_ARROW[sort.direction] : ''}</span>
    </button>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

interface TableFrameProps {
  /** Names the table and its scroll box for assistive technology (visually hidden). */
  caption: string;
  headers: readonly TableHeader[];
  /** Shown as one full-width row instead of the body rows (loading, empty), when not null. */
  placeholder: string | null;
  busy?: boolean;
  /** Classes of the header row (e.g. a transparent left edge lining up with coloured row edges). */
  headRowClassName?: string;
  /** Narrower header cells, for tables whose rows use the narrower padding to fit many columns. */
  compact?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/**
 * The frame every table of the app shares: a box that scrolls sideways on narrow screens instead
 * of squeezing the cells, focusable so a keyboard user can scroll it, and one full-width row that
 * says when the table is loading or empty.
 */
export function TableFrame({
  caption,
  headers,
  placeholder,
  busy = false,
  headRowClassName,
  compact = false,
  children,
}: TableFrameProps) {
  const headerCell = `whitespace-nowrap py-2.5 font-semibold ${compact ? 'px-2.5' : 'px-3'}`;
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-slate-700 focus-visible:outline-2 focus-visible:outline-orange-400"
      aria-busy={busy || undefined}
    >
      <table className="min-w-full divide-y divide-slate-700 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-900/80 text-xs uppercase tracking-wide text-slate-400">
          <tr className={headRowClassName}>
            {headers.map((header) => (
              <th
                key={header.label}
                scope="col"
                aria-sort={header.sort?.direction ? ARIA_SORT[header.sort.direction] : undefined}
                className={`${headerCell} ${header.className ?? ''}`}
              >
                <HeaderLabel {...header} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800 text-slate-200">
          {placeholder !== null ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-8 text-center text-slate-400">
                {placeholder}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
