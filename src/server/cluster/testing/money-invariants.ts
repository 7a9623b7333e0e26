import type { TestCluster } from './test-cluster';

/**
 * What must hold of the ledger whatever happened to the processes: every user account's kept
 * balance is the sum of its entries, every transaction sums to zero, and no trade was booked
 * closed twice. Returns the violations (an empty list when the books balance).
 */
export async function moneyViolations(cluster: TestCluster): Promise<string[]> {
  const balances = await cluster.query<{ id: string; kept: string; summed: string }>(`
    select a.id, a.balance_cents as kept, coalesce(sum(e.amount_cents), 0) as summed
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.balance_cents is not null
    group by a.id having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  const unbalanced = await cluster.query<{ transaction_id: string }>(`
    select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  const closedTwice = await cluster.query<{ trade_id: string }>(`
    select trade_id from ledger_entries where kind = 'trade_close'
    group by trade_id having count(distinct transaction_id) > 1`);
  return [
    ...balances.map((b) => `account ${b.id}: balance ${b.kept} but entries sum to ${b.summed}`),
    ...unbalanced.map((t) => `transaction ${t.transaction_id} does not sum to zero`),
    ...closedTwice.map((t) => `trade ${t.trade_id} closed twice`),
  ];
}
