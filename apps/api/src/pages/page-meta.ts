import { minorToDecimalString } from '@site/commerce-core';
import {
  addressLine,
  openingHoursSpecification,
  readPageSeo,
  siteContact,
  storedBusinessHours,
  type ItemSeo,
} from '@site/page-content';
import { storeCurrency, type PageRow, type WebsiteRow } from '../site/site-data';
import { siteIconUrl, storedSiteIcon } from '../sites/site-icon';

/** What the layout's <head> reads: description, Open Graph and, on a product, its JSON-LD. */
export interface SeoContext {
  title: string;
  description: string;
  siteName: string;
  url: string;
  ogType: 'website' | 'product' | 'article';
  image?: string;
  jsonLd?: string;
  /** A blog's RSS feed or an album's podcast feed, linked from the page so feed readers and podcast apps find it. */
  feedUrl?: string;
  /** The neighbouring pages of a paged list (`<link rel="prev|next">`). */
  prevUrl?: string;
  nextUrl?: string;
}

export interface Crumb {
  title: string;
  fullUrl: string;
  current: boolean;
}

interface ItemLike {
  title: string;
  fullUrl: string;
  excerpt?: string;
  assetUrl?: string;
  structuredContent?: {
    variants: {
      sku: string;
      price: number;
      salePrice: number;
      onSale: boolean;
      qtyInStock: number;
      unlimited: boolean;
    }[];
  };
}

// Descriptions are plain text: excerpts are stored as HTML.
const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const clip = (text: string, max = 160) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : origin + path);

// `</script>` inside the JSON-LD would end the element early.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function productJsonLd(
  item: ItemLike,
  origin: string,
  website: WebsiteRow,
  description: string,
  /** AggregateRating and Review, when the product has approved reviews on show. */
  reviews: Record<string, unknown> = {},
): string | undefined {
  const variants = item.structuredContent?.variants ?? [];
  if (variants.length === 0) return undefined;
  const currency = storeCurrency(website);
  const offers = variants.map((v) => ({
    '@type': 'Offer',
    sku: v.sku,
    price: minorToDecimalString(BigInt(v.onSale ? v.salePrice : v.price), currency),
    priceCurrency: currency,
    availability:
      v.unlimited || v.qtyInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: absolute(origin, item.fullUrl),
  }));
  return scriptSafeJson({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    description,
    ...(item.assetUrl && { image: absolute(origin, item.assetUrl) }),
    sku: variants[0]!.sku,
    offers: offers.length === 1 ? offers[0] : offers,
    ...reviews,
  });
}

/**
 * The home page tells search engines who runs the site: its name, address, logo, how to reach it
 * and its social profiles (the owner's Site settings), as a schema.org Organization.
 */
function organizationJsonLd(website: WebsiteRow, origin: string): string {
  const { contactEmail, businessAddress, socialProfiles } = siteContact(website.settings);
  const icon = storedSiteIcon(website.settings);
  const address = addressLine(businessAddress);
  const hours = storedBusinessHours(website.settings);
  return scriptSafeJson({
    '@context': 'https://schema.org',
    // Opening hours belong to a place people visit: schema.org's LocalBusiness, an Organization.
    '@type': hours ? 'LocalBusiness' : 'Organization',
    name: website.title,
    url: `${origin}/`,
    ...(icon && { logo: absolute(origin, siteIconUrl(icon, 512)) }),
    ...(contactEmail && { email: contactEmail }),
    ...(address && {
      address: {
        '@type': 'PostalAddress',
        ...(businessAddress.street && { streetAddress: businessAddress.street }),
        ...(businessAddress.city && { addressLocality: businessAddress.city }),
        ...(businessAddress.region && { addressRegion: businessAddress.region }),
        ...(businessAddress.postalCode && { postalCode: businessAddress.postalCode }),
        ...(businessAddress.country && { addressCountry: businessAddress.country }),
      },
    }),
    ...(socialProfiles.length > 0 && { sameAs: socialProfiles }),
    ...(hours && { openingHoursSpecification: openingHoursSpecification(hours) }),
  });
}

export function seoContext(input: {
  website: WebsiteRow;
  page?: PageRow;
  item?: ItemLike;
  itemKind?: 'product' | 'article';
  /** The shown product's or post's own search settings; empty values fall back to the item's. */
  itemSeo?: ItemSeo;
  path: string;
  /** A paged list: each page is its own canonical address, linked to its neighbours. */
  pagination?: { url: string; prevUrl?: string; nextUrl?: string };
  origin: string;
  /** A page without its own description (search, order pages) uses the home page's. */
  fallbackDescription: string;
  /** The product's review summary and reviews for its JSON-LD (src/reviews/product-page.ts). */
  reviewsJsonLd?: Record<string, unknown>;
}): SeoContext {
  const { website, page, item, origin } = input;
  const itemText = item?.excerpt ? plainText(item.excerpt) : '';
  // A collection's settings are its list page's; an item shown in it has its own (itemSeo).
  const own = item ? input.itemSeo : page ? readPageSeo(page.seo) : undefined;
  const description = clip(
    (item && input.itemSeo?.description) ||
      itemText ||
      page?.description ||
      input.fallbackDescription ||
      website.title,
  );
  const title = item?.title ?? page?.title ?? website.title;
  const image = own?.socialImage || item?.assetUrl;
  const seo: SeoContext = {
    title: own?.title || (title === website.title ? title : `${title} — ${website.title}`),
    description,
    siteName: website.title,
    url: absolute(origin, item?.fullUrl ?? input.pagination?.url ?? input.path),
    ...(input.pagination?.prevUrl && { prevUrl: absolute(origin, input.pagination.prevUrl) }),
    ...(input.pagination?.nextUrl && { nextUrl: absolute(origin, input.pagination.nextUrl) }),
    ogType: item ? (input.itemKind ?? 'product') : 'website',
    ...(image && { image: absolute(origin, image) }),
    ...((page?.collectionType === 'blog' || page?.collectionType === 'album') && {
      feedUrl: absolute(origin, `${page.path}?format=rss`),
    }),
  };
  if (item && input.itemKind !== 'article')
    seo.jsonLd = productJsonLd(item, origin, website, description, input.reviewsJsonLd);
  else if (!item && input.path === '/') seo.jsonLd = organizationJsonLd(website, origin);
  return seo;
}

/** Home › collection › item: every page but the home page shows where it sits. */
export function breadcrumbs(
  page: PageRow | undefined,
  item: { title: string; fullUrl: string } | undefined,
): Crumb[] | undefined {
  if (!page || page.path === '/') return undefined;
  const trail: Crumb[] = [{ title: 'Home', fullUrl: '/', current: false }];
  trail.push({ title: page.title, fullUrl: page.path, current: !item });
  if (item) trail.push({ title: item.title, fullUrl: item.fullUrl, current: true });
  return trail;
}
