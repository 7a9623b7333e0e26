import { Button } from './button';
import { pageCount } from './paging';

interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation, e.g. 'Payment history pages'. */
  label: string;
  disabled?: boolean;
  /** Shows 'Page 1 of 1' too, for screens whose spec always shows the position (admin reports). */
  showSinglePage?: boolean;
}

/** Previous / Next with the position in the list; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  disabled = false,
  showSinglePage = false,
}: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && !showSinglePage) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-400" aria-live="polite">
        Page {page} of {pages}
        {total > 0 ? ` (${first}-${last} of ${total})` : null}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={disabled || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
