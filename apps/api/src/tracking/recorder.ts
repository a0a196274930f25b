import { findUnsafeText } from '@site/commerce-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { trackingEvents } from '../db/schema';

export interface TrackingRow {
  /** census-hit, button-click, event, clanker-event, javascript-error, performance… */
  kind: string;
  name: string | null;
  visitorId: string | null;
  payload: unknown;
  /** Page views only: the path analytics groups them by. */
  pagePath?: string;
}

export interface TrackingRecorder {
  /**
   * Queues rows; false when the buffer is full and they were dropped. A row whose text the
   * database cannot store (see findUnsafeText) is dropped on its own, before it can spoil a batch.
   */
  record(websiteId: string, rows: readonly TrackingRow[]): boolean;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops the timer (server shutdown). */
  close(): Promise<void>;
}

export interface TrackingRecorderOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How long rows wait for company before a write; tracking calls answer before it. */
  flushDelayMs?: number;
  /** Rows per INSERT; a full batch is written at once. */
  maxBatch?: number;
  /** Rows held in memory at most; beyond this, calls are refused rather than risking the heap. */
  maxBuffered?: number;
}

/**
 * Tracking calls answer as soon as the payload is valid; rows are written in batches a moment
 * later. One multi-row INSERT per batch keeps a burst of beacons from becoming a burst of
 * transactions. Analytics can afford to lose a few rows if the process dies before a flush, but a
 * batch holds many visitors' rows: if the database refuses one row, the batch is split and retried
 * so only that row is lost, never the rows accepted beside it.
 */
export function storableRow(row: TrackingRow): boolean {
  return (
    typeof row.kind === 'string' &&
    findUnsafeText(row.kind) === undefined &&
    findUnsafeText(row.name) === undefined &&
    findUnsafeText(row.visitorId) === undefined &&
    findUnsafeText(row.pagePath) === undefined &&
    findUnsafeText(row.payload) === undefined
  );
}

export function createTrackingRecorder(options: TrackingRecorderOptions): TrackingRecorder {
  const flushDelayMs = options.flushDelayMs ?? 250;
  const maxBatch = options.maxBatch ?? 200;
  const maxBuffered = options.maxBuffered ?? 5000;
  let buffer: (TrackingRow & { websiteId: string })[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Flushes run one after another so rows keep their order and the pool is not flooded.
  let writing: Promise<void> = Promise.resolve();
  let droppedSinceWarning = 0;

  const insert = (chunk: (TrackingRow & { websiteId: string })[]) =>
    options.db.insert(trackingEvents).values(
      chunk.map((row) => ({
        websiteId: row.websiteId,
        kind: row.kind,
        name: row.name,
        visitorId: row.visitorId,
        payload: row.payload,
        pagePath: row.pagePath ?? null,
      })),
    );

  // A refused batch is halved until the refused rows stand alone: the others are stored, and a
  // bad row costs about log2(batch) extra statements instead of the whole batch.
  const insertKeepingGood = async (chunk: (TrackingRow & { websiteId: string })[]): Promise<void> => {
    try {
      await insert(chunk);
    } catch (err) {
      if (chunk.length === 1) {
        options.log.error({ err, kind: chunk[0]!.kind }, 'tracking row could not be stored');
        return;
      }
      const half = Math.ceil(chunk.length / 2);
      await insertKeepingGood(chunk.slice(0, half));
      await insertKeepingGood(chunk.slice(half));
    }
  };

  const write = async (rows: (TrackingRow & { websiteId: string })[]): Promise<void> => {
    for (let i = 0; i < rows.length; i += maxBatch) {
      await insertKeepingGood(rows.slice(i, i + maxBatch));
    }
  };

  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const rows = buffer;
    buffer = [];
    if (rows.length > 0) writing = writing.then(() => write(rows));
    return writing;
  };

  return {
    record(websiteId, rows) {
      if (buffer.length + rows.length > maxBuffered) {
        droppedSinceWarning += rows.length;
        if (droppedSinceWarning === rows.length) options.log.warn('tracking buffer full: dropping rows');
        return false;
      }
      droppedSinceWarning = 0;
      for (const row of rows) {
        if (storableRow(row)) buffer.push({ ...row, websiteId });
        else
          options.log.warn({ kind: row.kind }, 'tracking row with text the database cannot store: dropped');
      }
      if (buffer.length >= maxBatch) void flush();
      else if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushDelayMs);
        // A pending flush must not keep a finished process (or test run) alive.
        timer.unref?.();
      }
      return true;
    },
    flush,
    close: flush,
  };
}
