import { z } from 'zod';
import {
  dollarsSchema,
  isoDateTimeSchema,
  pageQuery,
  pairSymbolSchema,
  singleLineText,
  sortQuery,
  timeRangeSchema,
  totalSchema,
} from './common';
import { paymentStatusSchema, paymentTypeSchema } from './enums';

export const REPORT_PAGE_SIZES = [10, 25, 50] as const;

/** Keys both tables can sort by; a key a table lacks leaves that table in createdAt order. */
export const REPORT_SORT_KEYS = ['createdAt', 'amount', 'pair', 'profitPercent', 'type', 'status'] as const;

const reportFilters = {
  timeRange: timeRangeSchema.default('30d'),
  /** Part of a username or email. */
  user: singleLineText().trim().max(320).optional(),
  /** Part of a pair symbol, e.g. BTC/USD or BTC. Filters trades; payments have no pair. */
  pair: singleLineText().trim().toUpperCase().max(21).optional(),
  sort: sortQuery(REPORT_SORT_KEYS).default({ key: 'createdAt', direction: 'desc' }),
};

/** GET /api/admin/reports: page and pageSize apply to each table. */
export const reportsQuerySchema = z.object({ ...reportFilters, ...pageQuery(REPORT_PAGE_SIZES, 10).shape });
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;
export type ReportsQueryInput = z.input<typeof reportsQuerySchema>;

/** CSV and PDF downloads: the same filters, every matching row. */
export const reportsExportQuerySchema = z.object(reportFilters);
export type ReportsExportQuery = z.infer<typeof reportsExportQuerySchema>;
export type ReportsExportQueryInput = z.input<typeof reportsExportQuerySchema>;

export const reportUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
});
export type ReportUser = z.infer<typeof reportUserSchema>;

export const reportTradeSchema = z.object({
  id: z.string(),
  pair: pairSymbolSchema,
  amount: dollarsSchema,
  /** Null while the trade is open. */
  profitPercent: z.number().nullable(),
  User: reportUserSchema,
  createdAt: isoDateTimeSchema,
});
export type ReportTrade = z.infer<typeof reportTradeSchema>;

export const reportPaymentSchema = z.object({
  id: z.string(),
  type: paymentTypeSchema,
  amount: dollarsSchema,
  status: paymentStatusSchema,
  User: reportUserSchema,
  createdAt: isoDateTimeSchema,
});
export type ReportPayment = z.infer<typeof reportPaymentSchema>;

export const reportsResponseSchema = z.object({
  recentTrades: z.array(reportTradeSchema),
  recentPayments: z.array(reportPaymentSchema),
  totalTrades: totalSchema,
  totalPayments: totalSchema,
});
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;

export const reportsEndpoint = {
  method: 'GET',
  path: '/api/admin/reports',
  auth: 'admin',
  query: reportsQuerySchema,
  response: reportsResponseSchema,
} as const;

/** Attachment reports-CSV-{date}.csv: a trades section then a payments section. */
export const reportsCsvEndpoint = {
  method: 'GET',
  path: '/api/admin/reports/csv',
  auth: 'admin',
  query: reportsExportQuerySchema,
  produces: 'text/csv',
  response: z.string(),
} as const;

/** Attachment reports-PDF-{date}.pdf with the same content. */
export const reportsPdfEndpoint = {
  method: 'GET',
  path: '/api/admin/reports/pdf',
  auth: 'admin',
  query: reportsExportQuerySchema,
  produces: 'application/pdf',
  response: z.unknown(),
} as const;
