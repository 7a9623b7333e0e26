import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's default error element (outside AuthProvider: it must not need the session). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-950 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-red-300">Unexpected Application Error!</h1>
      {detail ? <p className="max-w-xl text-slate-300">{detail}</p> : null}
      <a href="/" className="text-orange-400 hover:text-orange-300">
        Back to HeatSignal
      </a>
    </div>
  );
}
