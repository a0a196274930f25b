import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>` over "<timestamp>.<body>": the timestamp is signed so a captured delivery cannot be replayed later as new. */
export function signDelivery(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: recompute and compare in constant time. */
export function verifyDelivery(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signDelivery(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
