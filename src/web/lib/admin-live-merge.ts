import type { AdminLiveMessage } from '../../contract/events';
import type { AdminHeatMap } from '../../contract/heatmap';

/*
 * What a message of the admin stream changes in a held admin heat map. The stream names a pair and
 * what happened to it, not its figures: a pair that left (deleted, deactivated) leaves the map, a
 * worker failure joins the pair's recent errors; anything that changes the figures (a pair added
 * or changed, an analysis finished) is read again from the server (`refetchesHeatMap`).
 */

const LEAVES: ReadonlySet<string> = new Set(['deleted', 'deactivated']);

/** The map after `message`; the same object when nothing in it changed. */
export function mergeAdminLiveMessage(held: AdminHeatMap, message: AdminLiveMessage): AdminHeatMap {
  const { pair } = message;
  if (!pair || !held[pair]) return held;
  if (message.channel === 'pair_updates:all' && message.action && LEAVES.has(message.action)) {
    const { [pair]: _gone, ...rest } = held;
    return rest;
  }
  if (message.channel === 'worker_log' && message.error) {
    const entry = held[pair];
    const error = { error: message.error, at: message.at };
    if (entry.recentErrors.some((e) => e.error === error.error && e.at === error.at)) return held;
    return { ...held, [pair]: { ...entry, recentErrors: [error, ...entry.recentErrors] } };
  }
  return held;
}

/** Whether the message means a pair's figures changed on the server. */
export function refetchesHeatMap(message: AdminLiveMessage): boolean {
  if (message.channel === 'analysis_status') return message.status === 'completed';
  return message.channel === 'pair_updates:all' && !LEAVES.has(message.action ?? '');
}
