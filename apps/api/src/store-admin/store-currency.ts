import {
  currencyChangeWarning,
  StoreCurrencyChangeSchema,
  type StoreCurrencyState,
} from '@site/commerce-core/admin';
import { messages as pageMessages } from '@site/page-content';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, websites } from '../db/schema';
import { ApiError, parse } from '../http';
import { storeCurrency } from '../site/site-data';

type Reader = Pick<Database, 'select'>;

async function stateOf(db: Reader, websiteId: string, lock: boolean): Promise<StoreCurrencyState> {
  const query = db.select().from(websites).where(eq(websites.id, websiteId));
  const [website] = lock ? await query.for('update') : await query;
  if (!website) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.websiteId, websiteId));
  return { currency: storeCurrency(website), orderCount: Number(placed?.n ?? 0) };
}

export function readStoreCurrency(db: Database, websiteId: string): Promise<StoreCurrencyState> {
  return stateOf(db, websiteId, false);
}

/**
 * Sets the store currency. Orders are never touched: each keeps the currency it was placed in, so
 * once there is one the owner must confirm (409 saying what will happen). The website row is locked
 * so two changes at once apply one after the other, each checked against the other's outcome.
 */
export async function changeStoreCurrency(
  db: Database,
  websiteId: string,
  body: unknown,
): Promise<StoreCurrencyState> {
  const { currency, confirmed } = parse(StoreCurrencyChangeSchema, body);
  return db.transaction(async (tx) => {
    const state = await stateOf(tx, websiteId, true);
    if (state.currency === currency) return state;
    if (state.orderCount > 0 && confirmed !== true)
      throw new ApiError(409, 'CONFIRM_CURRENCY_CHANGE', currencyChangeWarning(state, currency), {
        orderCount: state.orderCount,
        currency: state.currency,
      });
    await tx.update(websites).set({ currency }).where(eq(websites.id, websiteId));
    return { ...state, currency };
  });
}
