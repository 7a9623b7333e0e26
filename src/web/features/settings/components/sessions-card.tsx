import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { StatusMessage } from '../../../components/ui/status-message';
import { serverErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { SESSIONS_LOAD_ERROR, useRevokeSessions, useSessions } from '../api/sessions';

export const SESSION_SIGNED_OUT = 'That session is signed out.';
export const OTHERS_SIGNED_OUT = 'Every other session is signed out.';

/** Settings' 'Sessions': every signed-in device of the account; any but this one can be ended. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const list = sessions.data?.sessions ?? [];

  const end = (target: { id: string } | 'others', success: string) =>
    revoke.mutate(target, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(serverErrorMessage(error, 'Could not sign out that session')),
    });

  return (
    <SectionCard title="Sessions">
      {sessions.data ? (
        <div className="space-y-4">
          <ul aria-label="Signed-in devices" className="divide-y divide-slate-800">
            {list.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-100">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 rounded bg-emerald-900/60 px-2 py-0.5 text-xs text-emerald-200">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-slate-400">
                    {session.ipAddress ?? 'Unknown address'} · last active{' '}
                    {formatDateTime(session.lastActiveAt)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.lastActiveAt)}`}
                    onClick={() => end({ id: session.id }, SESSION_SIGNED_OUT)}
                  >
                    Sign Out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {list.length > 1 ? (
            <Button
              variant="danger"
              disabled={revoke.isPending}
              onClick={() => end('others', OTHERS_SIGNED_OUT)}
            >
              Sign Out All Other Sessions
            </Button>
          ) : (
            <p className="text-sm text-slate-400">This is the only device signed in.</p>
          )}
        </div>
      ) : sessions.isError ? (
        <LoadError
          title={SESSIONS_LOAD_ERROR}
          detail={serverErrorMessage(sessions.error, SESSIONS_LOAD_ERROR)}
        />
      ) : (
        <StatusMessage>Loading sessions...</StatusMessage>
      )}
    </SectionCard>
  );
}
