import { Button } from './button';

/**
 * A page-level load failure: what failed, the server's reason, and a Retry button that reloads the
 * page, or runs `onRetry` (a refetch) when given (trader spec 8: "Page-level load failures on list
 * screens show a Retry button").
 */
export function LoadError({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-800 bg-red-950/40 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-medium text-red-300">{title}</p>
        {detail && detail !== title ? <p className="mt-1 text-sm text-slate-300">{detail}</p> : null}
      </div>
      <Button variant="secondary" onClick={onRetry ?? (() => window.location.reload())}>
        Retry
      </Button>
    </div>
  );
}
