import { serveApi, type FakeAnswer, type FakeCall } from './fake-api';
import { testAdminEntry } from './test-heat-entry';

/* A small admin back end at the fetch level for the admin screens' component tests. */

export const list = (records: unknown[], total = records.length): FakeAnswer => ({
  status: 200,
  body: { records, total },
});

export const at = '2026-11-20T10:00:00.000Z';

export const analysis = {
  id: 'an-1',
  pair: 'BTC/USD',
  userId: null,
  status: 'completed',
  stage: null,
  progrev_score: 71.236,
  density: 0.5,
  error: null,
  createdAt: at,
};
export const pair = (symbol: string, active: boolean) => ({
  id: `p-${symbol}`,
  symbol,
  krakenSymbol: symbol.replace('/', ''),
  active,
  deactivation_attempts: 0,
  analysis_count: 3,
  avg_progrev: null,
  dynamic_config: {},
  createdAt: at,
  updatedAt: at,
});
export const payment = (id: string, status: string, amount: number) => ({
  id,
  userId: 'u-1',
  type: 'withdrawal',
  amount,
  status,
  createdAt: at,
});
export const trigger = {
  id: 't-1',
  type: 'news',
  symbol: 'ETH/USD',
  source: null,
  keywords: ['etf', 'sec'],
  active: true,
  parameters: null,
  createdAt: at,
};

export const heatEntry = testAdminEntry('BTC/USD', {
  heatScore: 82.456,
  successRate: 60,
  progrevScore: 0.4567,
  refereeRisk: 'medium',
  refereeComment: '',
  status: 'hot',
  density: 1.5,
  tickerData: {
    price_7d: 1,
    change_7d: -3.21,
    volume_7d: 10,
    volatility_7d: 2,
    price_history: [],
    volume_history: [],
  },
  aiComments: { summary: 'Strong, "steady" demand' },
  activeTriggers: ['news'],
  selectedAnalyses: [],
  lastUpdated: at,
  recentErrors: [{ error: 'feed down', at }],
});

/** A small admin back end: the lists, and the mutations the dashboard makes. */
export function backOffice(overrides: (call: FakeCall) => FakeAnswer | undefined = () => undefined) {
  return serveApi((call) => {
    const override = overrides(call);
    if (override) return override;
    switch (`${call.method} ${call.path}`) {
      case 'GET /api/admin/analyses':
        return list([analysis], 120);
      case 'GET /api/admin/all-crypto-pairs':
        return list([pair('BTC/USD', true)]);
      case 'GET /api/admin/all-triggers':
        return list([trigger]);
      case 'GET /api/admin/payments':
        return list([payment('pay-1', 'pending', 12.5), payment('pay-2', 'completed', 40)]);
      case 'GET /api/admin/approvals':
        return {
          status: 200,
          body: {
            approvals: [
              { ...payment('pay-1', 'pending', 12.5), User: { username: 'ann', email: 'ann@x.io' } },
            ],
            total: 3,
          },
        };
      case 'GET /api/admin/heat-map':
        return { status: 200, body: { 'BTC/USD': heatEntry } };
      case 'GET /api/admin/system-health':
        return {
          status: 200,
          body: {
            activePairs: 4,
            redisKeys: null,
            queue: { 'a:waiting': 2, 'a:active': 1 },
            auditChain: { intact: false, rows: 9, firstBrokenId: '7', reason: 'hash' },
            schedules: [
              {
                task: 'market-refresh',
                running: true,
                lastStartedAt: '2026-11-23T10:00:00.000Z',
                lastFinishedAt: '2026-11-23T09:59:00.000Z',
                nextRunAt: '2026-11-23T10:01:00.000Z',
                lastError: null,
              },
              {
                task: 'trade-monitor',
                running: false,
                lastStartedAt: '2026-11-23T10:00:00.000Z',
                lastFinishedAt: '2026-11-23T10:00:01.000Z',
                nextRunAt: '2026-11-23T10:01:00.000Z',
                lastError: 'Service temporarily unavailable: database unreachable',
              },
            ],
            telegram: { configured: false, botUsername: null, lastOkAt: null, lastFailure: null },
            mail: {
              transport: 'smtp',
              lastSentAt: '2026-11-23T09:00:00.000Z',
              lastFailure: {
                at: '2026-11-23T09:30:00.000Z',
                error: 'The mail server refused or could not be reached: connect ECONNREFUSED',
              },
            },
            publicationGate: {
              pairs: 4,
              days: 90,
              trials: 76,
              feeSchedule: 'kraken-legacy',
              thresholds: { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645 },
              families: [
                {
                  name: 'ts-trend',
                  variant: 'rule=ma,days=10,side=long,holdHours=24',
                  variants: 16,
                  signals: 99,
                  hitRate: 0.3,
                  meanNetPercent: 6.21,
                  tStat: 3.16,
                  sharpe: 6.72,
                  deflatedSharpe: 0.81,
                  pbo: 0.18,
                  passes: false,
                  misses: ['deflated Sharpe 0.81 below 0.95'],
                },
              ],
              live: [],
            },
          },
        };
      case 'POST /api/admin/manage-pairs':
      case 'POST /api/admin/manage-triggers':
        return { status: 200, body: {} };
      case 'POST /api/admin/sync-kraken-pairs':
        return {
          status: 200,
          body: { data: { added: ['A/USD', 'B/USD'], updated: [], deactivated: ['C/USD'] } },
        };
      case 'POST /api/admin/approve-withdrawal/pay-1':
        return { status: 200, body: {} };
      default:
        return undefined;
    }
  });
}
