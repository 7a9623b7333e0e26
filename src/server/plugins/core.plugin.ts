import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { RateLimits } from '../http/rate-limits';
import { createEventBus } from '../realtime/create-event-bus';
import type { EventBus } from '../realtime/event-bus';
import { createDomainEvents, type DomainEvents } from '../shared/domain-events';
import { outageLogTo } from '../shared/redis-connection';

export interface CoreOptions {
  config: Config;
  db: Database;
  rateLimits: RateLimits;
  /** A bus of the caller's own (tests: two apps on one Redis channel, as two processes would be). */
  bus?: EventBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    rateLimits: RateLimits;
    /** To other processes and to browsers: realtime events and cache evictions (Redis when set). */
    bus: EventBus;
    /** Within this process: one module's news that other modules act on (shared/domain-events.ts). */
    events: DomainEvents;
  }
}

/**
 * What every module plugin stands on. Registered first, so its close hook runs last: the bus
 * stays open while the modules closing before it (the worker finishing its jobs) still publish.
 */
export const corePlugin = fp<CoreOptions>(
  async (app, options) => {
    const { config } = options;
    const bus =
      options.bus ??
      createEventBus({
        redisUrl: config.redisUrl,
        onError: (error, context) => app.log.error({ err: error }, context),
        outageLog: outageLogTo(app.log),
      });
    app.decorate('config', config);
    app.decorate('db', options.db);
    app.decorate('rateLimits', options.rateLimits);
    app.decorate('bus', bus);
    app.decorate('events', createDomainEvents());
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'core' },
);
