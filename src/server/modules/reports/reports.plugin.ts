import fp from 'fastify-plugin';
import { registerReportRoutes } from './reports.routes';
import { createReportsService } from './reports.service';

/** The admins' reports of trades and payments, as tables, CSV and PDF. */
export const reportsPlugin = fp(
  async (app) => {
    registerReportRoutes(app, { reports: createReportsService({ db: app.db }) });
  },
  { name: 'reports', dependencies: ['core'] },
);
