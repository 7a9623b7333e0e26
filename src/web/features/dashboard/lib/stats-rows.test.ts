import { describe, expect, it } from 'vitest';
import { statsRows } from './stats-rows';

describe('statsRows', () => {
  it("shows money as '$' with 2 decimals and the win rate with '%', in the spec's order", () => {
    const rows = statsRows({
      balance: 1234.5,
      winRate: 66.666,
      activeTrades: 2,
      totalTrades: 9,
      totalDeposits: 2000,
      totalWithdrawals: 250,
      totalTips: 3.1,
    });
    expect(rows).toEqual([
      { label: 'Balance', value: '$1,234.50' },
      { label: 'Win Rate', value: '66.67%' },
      { label: 'Active Trades', value: '2' },
      { label: 'Total Trades', value: '9' },
      { label: 'Total Deposits', value: '$2,000.00' },
      { label: 'Total Withdrawals', value: '$250.00' },
      { label: 'Total Tips', value: '$3.10' },
    ]);
  });

  it("reads a newcomer's zeros as $0.00 and 0.00%, not N/A", () => {
    const values = statsRows({
      balance: 0,
      winRate: 0,
      activeTrades: 0,
      totalTrades: 0,
      totalDeposits: 0,
      totalWithdrawals: 0,
      totalTips: 0,
    }).map((row) => row.value);
    expect(values).toEqual(['$0.00', '0.00%', '0', '0', '$0.00', '$0.00', '$0.00']);
  });
});
