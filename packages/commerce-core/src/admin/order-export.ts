import { z } from 'zod';
import { OrderListQuerySchema } from './orders';

/** Owner-facing words of the orders export, in one place. */
export const orderExportMessages = {
  notFound: 'That export no longer exists. Export the orders again.',
  failed: 'The export stopped before the end. Export the orders again.',
} as const;

/** The filters an export keeps: the orders list's, without its paging. */
export const OrderExportRequestSchema = /* @__PURE__ */ (() =>
  OrderListQuerySchema.omit({ cursor: true, limit: true }))();
export type OrderExportRequest = z.infer<typeof OrderExportRequestSchema>;

/** An orders export as the editor shows it: how far its job is, then the file to download. */
export interface OrderExportView {
  id: string;
  status: 'running' | 'ready' | 'failed';
  /** 0–100: the share of the matching orders written so far. */
  progress: number;
  /** Orders matching the filters when the export started, and how many are written. */
  total: number;
  written: number;
  /** The file's bytes once ready. */
  size: number | null;
  /** Where the finished file downloads from (the owner's session), or null until it is ready. */
  downloadUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}
