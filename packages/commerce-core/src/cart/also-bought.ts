import { z } from 'zod';

/** The cart panel's "customers also bought" (storefront.md §2): products bought with what is in the cart. */
export const ALSO_BOUGHT_PATH = '/api/commerce/shopping-cart/also-bought';

/** How many suggestions the panel shows: one row on a desktop, two on a phone. */
export const ALSO_BOUGHT_LIMIT = 4;

const money = z.object({ value: z.string(), currency: z.string().length(3) });

export const AlsoBoughtItemSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  /** The product page. */
  url: z.string(),
  imageUrl: z.string().optional(),
  /** The lowest price a shopper pays now (a sale price when on sale). */
  price: money,
  /** Variants differ in price: the price reads "from". */
  priceVaries: z.boolean(),
  /**
   * Set when the product can go into the cart from the panel: one variant, in stock, no form to
   * fill in and no subscription to choose. Otherwise the shopper opens the product page.
   */
  quickAddSku: z.string().optional(),
  /** The cart line's product the suggestion came from, for the related-product events. */
  relatedTo: z.string().min(1),
});
export type AlsoBoughtItem = z.infer<typeof AlsoBoughtItemSchema>;

export const AlsoBoughtResponseSchema = z.object({
  items: z.array(AlsoBoughtItemSchema).max(ALSO_BOUGHT_LIMIT),
});
export type AlsoBoughtResponse = z.infer<typeof AlsoBoughtResponseSchema>;
