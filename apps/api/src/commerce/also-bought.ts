import { ALSO_BOUGHT_LIMIT, ProductType, type AlsoBoughtItem } from '@site/commerce-core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { rowsOf } from '../db/rows';
import { textArray } from '../db/text-array';
import type { WebsiteRow } from '../site/site-data';
import { loadCatalog } from './cart-store';

/**
 * How far back "customers also bought" looks: the site's latest paid orders. Recent buying says
 * more about what goes together now, and it bounds the work on a store with a million orders
 * (the orders_site_created index reads exactly these).
 */
export const RECENT_ORDERS = 2000;
/** Candidates read before the catalogue check drops hidden and sold-out ones. */
const CANDIDATES = ALSO_BOUGHT_LIMIT * 3;

interface Candidate {
  id: string;
  relatedTo: string;
}

/**
 * Products bought in the same orders as the cart's, most often first; then, to fill the row, other
 * products of the same stores in the owner's order. Never a product already in the cart, a hidden
 * one or one that is sold out.
 */
export async function alsoBought(
  db: Queryable,
  website: WebsiteRow,
  cartProductIds: readonly string[],
): Promise<AlsoBoughtItem[]> {
  const inCart = [...new Set(cartProductIds)];
  if (inCart.length === 0) return [];
  const ids = textArray(inCart);
  const together = await db.execute(sql`
    with recent as (
      select id from orders
      where website_id = ${website.id} and status in ('paid', 'fulfilled')
      order by created_at desc limit ${RECENT_ORDERS}
    ), pairs as (
      select mine.product_id as related_to, other.product_id, count(distinct other.order_id) as n
      from recent
      join order_items mine on mine.order_id = recent.id and mine.product_id = any(${ids})
      join order_items other on other.order_id = recent.id and not (other.product_id = any(${ids}))
      join products p on p.id = other.product_id and p.enabled
      group by mine.product_id, other.product_id
    )
    select distinct on (product_id) product_id, related_to, n from pairs
    order by product_id, n desc, related_to`);
  const ranked = rowsOf<{ product_id: string; related_to: string; n: unknown }>(together)
    .map((r) => ({ id: r.product_id, relatedTo: r.related_to, n: Number(r.n) }))
    .sort((a, b) => b.n - a.n || a.id.localeCompare(b.id))
    .slice(0, CANDIDATES);
  const candidates: Candidate[] = ranked;
  if (candidates.length < CANDIDATES) {
    const taken = textArray([...inCart, ...candidates.map((c) => c.id)]);
    const sameStore = await db.execute(sql`
      select p.id, min(mine.id) as related_to
      from products p
      join products mine on mine.collection_id = p.collection_id and mine.id = any(${ids})
      where p.website_id = ${website.id} and p.enabled and not (p.id = any(${taken}))
      group by p.id, p.position
      order by p.position, p.id
      limit ${CANDIDATES - candidates.length}`);
    for (const r of rowsOf<{ id: string; related_to: string }>(sameStore))
      candidates.push({ id: r.id, relatedTo: r.related_to });
  }
  if (candidates.length === 0) return [];
  const { items } = await loadCatalog(
    db,
    website,
    candidates.map((c) => c.id),
  );
  const out: AlsoBoughtItem[] = [];
  for (const c of candidates) {
    const item = items.get(c.id);
    if (!item) continue;
    const suggestion = toSuggestion(item, c.relatedTo);
    if (suggestion) out.push(suggestion);
    if (out.length === ALSO_BOUGHT_LIMIT) break;
  }
  return out;
}

type CatalogItem = NonNullable<ReturnType<Awaited<ReturnType<typeof loadCatalog>>['items']['get']>>;

/** What the panel shows of a product, or nothing when none of it can be bought now. */
export function toSuggestion(item: CatalogItem, relatedTo: string): AlsoBoughtItem | undefined {
  const content = item.structuredContent;
  const buyable = content.variants.filter((v) => v.unlimited || v.qtyInStock > 0);
  if (buyable.length === 0) return undefined;
  const paid = buyable.map((v) => (v.onSale ? v.salePriceMoney : v.priceMoney));
  const lowest = paid.reduce((a, b) => (Number(b.value) < Number(a.value) ? b : a));
  const simple =
    content.variants.length === 1 &&
    !content.additionalFieldsForm &&
    !content.isSubscribable &&
    content.productType !== ProductType.GIFT_CARD;
  return {
    id: item.id,
    title: item.title,
    url: item.fullUrl,
    ...(item.assetUrl && { imageUrl: item.assetUrl }),
    price: { value: lowest.value, currency: lowest.currency },
    priceVaries: new Set(paid.map((m) => m.value)).size > 1,
    ...(simple && { quickAddSku: buyable[0]!.sku }),
    relatedTo,
  };
}
