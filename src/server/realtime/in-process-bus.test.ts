import { describe, expect, it } from 'vitest';
import type { BusMessage } from './event-bus';
import { createEventBus } from './create-event-bus';
import { createInProcessBus } from './in-process-bus';

describe('in-process event bus', () => {
  it('delivers synchronously to every listener, with rooms and its own origin', () => {
    const bus = createInProcessBus();
    const got: BusMessage[] = [];
    bus.subscribe((m) => got.push(m));
    bus.publish('offer_update' as const, { id: 'o1' } as never, ['public']);
    bus.publish('analysis_completed', { pair: 'BTC/USD', analysisId: 'a1' });
    expect(got).toEqual([
      { event: 'offer_update', payload: { id: 'o1' }, rooms: ['public'], origin: bus.nodeId },
      {
        event: 'analysis_completed',
        payload: { pair: 'BTC/USD', analysisId: 'a1' },
        rooms: [],
        origin: bus.nodeId,
      },
    ]);
  });

  it('isolates a failing listener and stops delivering after unsubscribe', () => {
    const errors: string[] = [];
    const bus = createInProcessBus({ onError: (_e, context) => errors.push(context) });
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const stop = bus.subscribe((m) => got.push(m.event));
    bus.publish('heatmap_refresh', { pair: 'BTC/USD' });
    stop();
    bus.publish('heatmap_refresh', { pair: 'BTC/USD' });
    expect(got).toEqual(['heatmap_refresh']);
    expect(errors).toEqual(['listener failed on heatmap_refresh', 'listener failed on heatmap_refresh']);
  });

  it('is what createEventBus gives without REDIS_URL', async () => {
    const bus = createEventBus({});
    const got: string[] = [];
    bus.subscribe((m) => got.push(m.event));
    bus.publish('heatmap_refresh', { pair: 'ETH/USD' });
    expect(got).toEqual(['heatmap_refresh']);
    await bus.close();
  });
});
