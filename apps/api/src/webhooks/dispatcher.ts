import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookEventName,
} from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { webhookDeliveries, webhooks } from '../db/schema';
import type { JobQueue } from '../jobs';
import { signDelivery } from './signature';
import { checkedLookup, deliveryUrlProblem, type UrlPolicy } from './url-policy';

export const DELIVERY_JOB = 'webhook-delivery';
/** Retries after the first attempt; the queue spaces them out with growing delays. */
export const DELIVERY_RETRY_LIMIT = 5;
/** A receiver that has not answered by then counts as failed for this attempt. */
const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 500;

export interface WebhookDispatcher {
  /**
   * Records a delivery for every hook of the site that wants `event` and queues it. Call it after
   * the change has committed; it never throws, so the request that caused the event goes on.
   */
  emit(websiteId: string, event: WebhookEventName, data: Record<string, unknown>): Promise<void>;
}

export interface DispatcherOptions {
  db: Database;
  /** Without a queue (tests of other features, a bare app) each delivery is tried once in the background. */
  jobs?: JobQueue;
  policy: UrlPolicy;
  log?: FastifyBaseLogger;
}

/** One attempt; throws when the receiver did not take it, so the queue retries. */
export async function attemptDelivery(db: Database, deliveryId: string, policy: UrlPolicy): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Delivery is at least once: a job run again after success, or for a deleted hook, does nothing.
  if (!row || row.delivery.status !== 'pending') return;
  const attempts = row.delivery.attempts + 1;
  const body = JSON.stringify({
    id: deliveryId,
    event: row.delivery.event,
    createdAt: row.delivery.createdAt.toISOString(),
    data: row.delivery.payload,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let responseStatus: number | null = null;
  let error: string | null = null;
  // Checked again at delivery, on the addresses actually connected to (see checkedLookup).
  const problem = deliveryUrlProblem(row.url, policy);
  if (problem) {
    error = problem;
  } else {
    try {
      responseStatus = await postWebhook(row.url, policy, body, {
        'content-type': 'application/json',
        'user-agent': 'site-builder-webhooks',
        [WEBHOOK_SIGNATURE_HEADER]: signDelivery(row.secret, timestamp, body),
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        'x-site-delivery': deliveryId,
      });
      if (responseStatus < 200 || responseStatus > 299) error = `HTTP ${responseStatus}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
  }
  const lastAttempt = attempts > DELIVERY_RETRY_LIMIT;
  await db
    .update(webhookDeliveries)
    .set({
      attempts,
      responseStatus,
      lastError: error?.slice(0, MAX_ERROR_LENGTH) ?? null,
      status: error === null ? 'delivered' : lastAttempt ? 'failed' : 'pending',
      deliveredAt: error === null ? new Date() : null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
  if (error !== null && !lastAttempt) throw new Error(`webhook delivery ${deliveryId}: ${error}`);
}

/**
 * One POST through node:http(s) rather than fetch: its `lookup` option is where the name is
 * resolved and checked, and the socket connects to the address that check passed. Redirects are
 * not followed (a 3xx is a failed attempt), and no socket is pooled between receivers.
 */
export function postWebhook(
  url: string,
  policy: UrlPolicy,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(policy),
        agent: false,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The queue's backoff, in memory: lost on restart, which is why the server passes a queue. */
async function retryInProcess(attempt: () => Promise<void>): Promise<void> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (err) {
      if (retry >= DELIVERY_RETRY_LIMIT) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** retry).unref());
    }
  }
}

export async function createWebhookDispatcher(options: DispatcherOptions): Promise<WebhookDispatcher> {
  const { db, jobs, policy, log } = options;
  await jobs?.work<{ deliveryId: string }>(
    DELIVERY_JOB,
    (job) => attemptDelivery(db, job.payload.deliveryId, policy),
    { concurrency: 4 },
  );

  const send = async (deliveryId: string): Promise<void> => {
    if (jobs) {
      await jobs.enqueue(
        DELIVERY_JOB,
        { deliveryId },
        { singletonKey: deliveryId, retryLimit: DELIVERY_RETRY_LIMIT },
      );
      return;
    }
    void retryInProcess(() => attemptDelivery(db, deliveryId, policy)).catch((err: unknown) =>
      log?.warn({ err, deliveryId }, 'webhook delivery failed'),
    );
  };

  return {
    async emit(websiteId, event, data) {
      try {
        const hooks = await db
          .select({ id: webhooks.id, events: webhooks.events })
          .from(webhooks)
          .where(eq(webhooks.websiteId, websiteId));
        for (const hook of hooks.filter((h) => h.events.includes(event))) {
          const id = randomUUID();
          await db.insert(webhookDeliveries).values({ id, webhookId: hook.id, event, payload: data });
          await send(id);
        }
      } catch (err) {
        log?.error({ err, event }, 'could not queue webhook deliveries');
      }
    },
  };
}
