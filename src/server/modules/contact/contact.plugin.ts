import fp from 'fastify-plugin';
import { registerContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

export const contactPlugin = fp(
  async (app) => {
    registerContactRoutes(app, {
      contact: createContactService(app.db),
      viewers: app.viewers,
      rateLimits: app.rateLimits,
    });
  },
  { name: 'contact', dependencies: ['core', 'auth'] },
);
