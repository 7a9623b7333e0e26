/**
 * An executor for tests: the paper executor on the test's market (or `inner`, e.g. the kraken
 * executor against the fake Kraken), with every order recorded and the next orders made to fail
 * (as an exchange refusal) or to wait on a gate when a test says so.
 */
import { ExecutionError, type Executor, type Fill, type MarketOrder } from '../../../providers/execution';
import { createPaperExecutor } from '../../../providers/execution/paper';
import type { MarketSource } from '../../../providers/market/market-source';

export interface ScriptedExecutor extends Executor {
  readonly orders: MarketOrder[];
  readonly fills: Fill[];
  /** The next `times` orders throw ExecutionError(message). */
  failNext(message: string, times?: number): void;
  /** Orders wait for the returned release function (e.g. to hold an accept mid-flight). */
  hold(): () => void;
}

export function createScriptedExecutor(
  source: MarketSource,
  options: { takerFeePercent?: number; name?: Executor['name']; inner?: Executor } = {},
): ScriptedExecutor {
  const paper =
    options.inner ?? createPaperExecutor({ source, takerFeePercent: options.takerFeePercent ?? 0.26 });
  const orders: MarketOrder[] = [];
  const fills: Fill[] = [];
  let failures: { message: string; left: number } | null = null;
  let gate: Promise<void> | null = null;

  return {
    name: options.name ?? paper.name,
    account: paper.account,
    orders,
    fills,
    async marketOrder(order) {
      orders.push(order);
      if (gate) await gate;
      if (failures && failures.left > 0) {
        failures.left -= 1;
        throw new ExecutionError(failures.message);
      }
      const fill = await paper.marketOrder(order);
      fills.push(fill);
      return fill;
    },
    lookupOrder: (query) => paper.lookupOrder(query),
    failNext(message, times = 1) {
      failures = { message, left: times };
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
  };
}
