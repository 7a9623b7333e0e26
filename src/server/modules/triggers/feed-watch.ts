/**
 * Feed triggers (news, political_news, sentiment): poll each active trigger's RSS/Atom `source`
 * and fire when a NEW item matches. Invariants:
 * - `last_seen` = { primed, itemKeys (≤ 500, newest first), error? }; it is moved by
 *   compare-and-set, so an item fires at most once even with several workers polling.
 * - First successful poll: items published before the trigger was created (or undated) only
 *   become "seen"; a trigger never fires on the backlog it was created over.
 * - One firing per trigger per poll (the first match, or the strongest sentiment).
 * - A failing feed never throws: its error goes to action_logs once per distinct message.
 */
import { DEFAULT_SENTIMENT_SCORE, effectiveKeywords, matchKeyword, scoreSentiment } from './feed-rules';
import type { FeedTriggerType } from './feed-rules';
import { parseFeed, type FeedItem, type FetchFeed } from './feed-source';
import { numericOption, searchKeywords, type TriggerRow } from './trigger-options';
import type { FiredTrigger, WatchContext } from './triggers.types';

export const FEED_TRIGGER_TYPES = ['news', 'political_news', 'sentiment'] as const;
const MAX_SEEN = 500;
const FEED_CONCURRENCY = 4;

type FeedLastSeen = {
  primed: boolean;
  itemKeys: string[];
  error?: string;
};

export interface FeedPollResult {
  triggers: number;
  sources: number;
  failedSources: number;
  fired: FiredTrigger[];
}

export async function pollFeedTriggers(ctx: WatchContext, fetchFeed: FetchFeed): Promise<FeedPollResult> {
  const rows = (await ctx.repo.listActive(FEED_TRIGGER_TYPES)).filter((row) => row.source);
  const bySource = new Map<string, TriggerRow[]>();
  for (const row of rows) bySource.set(row.source!, [...(bySource.get(row.source!) ?? []), row]);
  const result: FeedPollResult = {
    triggers: rows.length,
    sources: bySource.size,
    failedSources: 0,
    fired: [],
  };
  await forEachLimit([...bySource], FEED_CONCURRENCY, async ([source, sourceRows]) => {
    let items: FeedItem[];
    try {
      items = await parseFeed(await fetchFeed(source));
    } catch (error) {
      result.failedSources += 1;
      const message = error instanceof Error ? error.message : String(error);
      for (const row of sourceRows) await recordFailure(ctx, row, message);
      return;
    }
    for (const row of sourceRows) {
      const fired = await checkTrigger(ctx, row, items);
      if (fired) result.fired.push(fired);
    }
  });
  return result;
}

async function checkTrigger(
  ctx: WatchContext,
  row: TriggerRow,
  items: FeedItem[],
): Promise<FiredTrigger | null> {
  const previous = readLastSeen(row);
  const seen = new Set(previous.itemKeys);
  const fresh = items.filter((item) => !seen.has(item.key));
  const createdAt = row.createdAt.getTime();
  const candidates = previous.primed
    ? fresh
    : fresh.filter((item) => item.publishedAt !== null && item.publishedAt > createdAt);
  if (fresh.length === 0 && previous.primed && previous.error === undefined) return null;

  const keys = [...new Set([...items.map((item) => item.key), ...previous.itemKeys])];
  const next: FeedLastSeen = { primed: true, itemKeys: keys.slice(0, Math.max(MAX_SEEN, items.length)) };
  if (!(await ctx.repo.claimLastSeen(row.id, row.lastSeen, next))) return null;

  const hit = findHit(row, candidates);
  return hit ? ctx.fire(row, hit.reason, { details: hit.details }) : null;
}

function findHit(
  row: TriggerRow,
  items: FeedItem[],
): { reason: string; details: Record<string, unknown> } | null {
  const type = row.type as FeedTriggerType;
  const keywords = effectiveKeywords(type, row.symbol, searchKeywords(row.keywords));
  const matches = items.flatMap((item) => {
    const keyword = matchKeyword(item.text, keywords);
    return keyword ? [{ item, keyword }] : [];
  });
  switch (type) {
    case 'news':
    case 'political_news': {
      const first = matches[0];
      if (!first) return null;
      const more = matches.length > 1 ? ` (+${matches.length - 1} more)` : '';
      const label = type === 'news' ? 'News' : 'Political news';
      return {
        reason: `${label}: "${short(first.item.title)}" matched "${first.keyword}"${more}`,
        details: {
          keyword: first.keyword,
          title: first.item.title,
          link: first.item.link,
          matches: matches.length,
        },
      };
    }
    case 'sentiment': {
      const minScore = numericOption(row, 'score', DEFAULT_SENTIMENT_SCORE);
      const scored = matches
        .map((match) => ({ ...match, sentiment: scoreSentiment(match.item.text) }))
        .filter((match) => Math.abs(match.sentiment.score) >= minScore)
        .sort((a, b) => Math.abs(b.sentiment.score) - Math.abs(a.sentiment.score));
      const best = scored[0];
      if (!best) return null;
      const { score, hits } = best.sentiment;
      return {
        reason: `Sentiment ${score > 0 ? '+' : ''}${score} (${score > 0 ? 'positive' : 'negative'}) on "${short(best.item.title)}" (matched "${best.keyword}")`,
        details: { keyword: best.keyword, title: best.item.title, link: best.item.link, score, words: hits },
      };
    }
    default: {
      const unreachable: never = type;
      throw new Error(`not a feed trigger: ${String(unreachable)}`);
    }
  }
}

async function recordFailure(ctx: WatchContext, row: TriggerRow, message: string): Promise<void> {
  const previous = readLastSeen(row);
  if (previous.error === message) return;
  if (!(await ctx.repo.claimLastSeen(row.id, row.lastSeen, { ...previous, error: message }))) return;
  ctx.log?.warn({ triggerId: row.id, source: row.source, err: message }, 'trigger feed failed');
  await ctx.logs.action({
    pair: row.symbol,
    action: 'trigger.feed_error',
    status: 'error',
    details: { triggerId: row.id, type: row.type, source: row.source, error: message },
  });
}

function readLastSeen(row: TriggerRow): FeedLastSeen {
  const raw = row.lastSeen ?? {};
  const itemKeys = Array.isArray(raw.itemKeys) ? raw.itemKeys.filter((k) => typeof k === 'string') : [];
  return {
    primed: raw.primed === true,
    itemKeys,
    ...(typeof raw.error === 'string' && { error: raw.error }),
  };
}

const short = (title: string) => (title.length > 140 ? `${title.slice(0, 137)}...` : title);

async function forEachLimit<T>(list: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await run(list[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
