import type { Database } from '../../../db/client';
import { subscriptions } from '../../../db/schema';

/**
 * Puts a trader on Pro as the simulated provider would (a year paid), for tests about something
 * other than the Free limit: their traders accept as many offers as the test needs.
 */
export async function grantPro(db: Database, userId: string): Promise<void> {
  const now = Date.now();
  await db
    .insert(subscriptions)
    .values({
      userId,
      provider: 'simulated',
      customerId: `sim_cus_${userId}`,
      subscriptionId: `sim_sub_${userId}`,
      status: 'active',
      currentPeriodEnd: new Date(now + 365 * 24 * 3600_000),
      cancelAtPeriodEnd: false,
      eventAt: new Date(now),
    })
    .onConflictDoNothing();
}
