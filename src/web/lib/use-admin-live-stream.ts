import { useEffect, useEffectEvent, useRef } from 'react';
import { toast } from 'react-toastify';
import { adminHeatMapLiveEndpoint } from '../../contract/admin-heatmap';
import { adminLiveMessageSchema, type AdminLiveMessage } from '../../contract/events';
import { getAuthToken } from './auth-token';
import { openEventStream, STREAM_MAX_ATTEMPTS } from './event-stream';

/** Admin spec 8, the live stream's own texts. */
export const LIVE_STREAM_MESSAGES = {
  reconnecting: (attempt: number, max = STREAM_MAX_ATTEMPTS) =>
    `Live updates disconnected. Reconnecting (${attempt}/${max})...`,
  exhausted: 'Max reconnection attempts reached. Please refresh.',
  parseError: 'Error parsing live update',
  analysis: (message: AdminLiveMessage) =>
    `Analysis ${message.analysisId}: ${message.status} (${Math.round(message.progress ?? 0)}%)`,
  workerError: (pair: string, error: string) => `Worker error for ${pair}: ${error}`,
} as const;

/** The socket's worker_log toast uses the same id, so a failure seen on both shows once. */
export const workerErrorToastId = (pair: string, at: string) => `worker-${pair}-${at}`;

/** A message that passed the contract: the data the screen merges (the toasts are shown here). */
export type AdminLiveHandler = (message: AdminLiveMessage) => void;

function parseMessage(data: string): AdminLiveMessage | null {
  try {
    const parsed = adminLiveMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The back office's event stream (GET /api/admin/heatmap/live, admin spec 7) while the screen is
 * shown: analysis progress (one toast per analysis, updated in place) and worker failures are
 * toasted here, each distinct notice once;
 * every valid message then goes to `onMessage` for the screen's data. Connection loss is warned
 * per attempt; a message that breaks the contract is reported and dropped.
 */
export function useAdminLiveStream(onMessage: AdminLiveHandler): void {
  const handle = useEffectEvent(onMessage);
  const noticed = useRef(new Set<string>());
  useEffect(() => {
    const notice = (id: string, show: (toastId: string) => void) => {
      if (noticed.current.has(id)) return;
      noticed.current.add(id);
      show(id);
    };
    const stream = openEventStream({
      url: adminHeatMapLiveEndpoint.path,
      headers: (): Record<string, string> => {
        const token = getAuthToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      onReconnecting: (attempt, max) =>
        toast.warning(LIVE_STREAM_MESSAGES.reconnecting(attempt, max), { toastId: `live-retry-${attempt}` }),
      onGiveUp: (reason) => {
        if (reason === 'exhausted')
          toast.warning(LIVE_STREAM_MESSAGES.exhausted, { toastId: 'live-exhausted' });
      },
      onMessage: (data) => {
        const message = parseMessage(data);
        if (!message) {
          toast.error(LIVE_STREAM_MESSAGES.parseError, { toastId: 'live-parse-error' });
          return;
        }
        if (message.channel === 'analysis_status' && message.analysisId && message.status) {
          // One toast per analysis, its text following the progress (a busy market runs many).
          const text = LIVE_STREAM_MESSAGES.analysis(message);
          const toastId = `analysis-${message.analysisId}`;
          notice(`live-${text}`, () => {
            if (toast.isActive(toastId)) toast.update(toastId, { render: text });
            else toast.info(text, { toastId });
          });
        } else if (message.channel === 'worker_log' && message.pair && message.error) {
          const { pair, error } = message;
          notice(workerErrorToastId(pair, message.at), (toastId) =>
            toast.error(LIVE_STREAM_MESSAGES.workerError(pair, error), { toastId }),
          );
        } else if (message.channel === 'alert' && message.error) {
          // An operator's alert (a reconciliation drift) stays until it is dismissed.
          const { error } = message;
          notice(`alert-${message.at}`, (toastId) => toast.error(error, { toastId, autoClose: false }));
        }
        handle(message);
      },
    });
    return () => stream.close();
  }, []);
}
