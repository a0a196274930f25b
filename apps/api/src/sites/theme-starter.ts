import type { DayHours, SiteThemeId } from '@site/page-content';
import type { Database } from '../db/client';
import { blogPosts, collectionItems, pages, products, variants } from '../db/schema';

/**
 * What a new site shows in the theme it was made with, instead of an empty shop: a few products
 * for Market, dishes for Bistro, projects for Studio, posts for Fieldnotes. Pictures are the
 * theme's own drawings (themes/<id>/assets/starter); nothing is fetched. Every item is an ordinary
 * product, post or picture, which the owner edits or deletes like their own.
 */
interface StarterProduct {
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  price: number;
}
interface Starter {
  products: StarterProduct[];
  posts: { slug: string; title: string; excerpt: string; body: string }[];
  projects: { slug: string; title: string; image: string; alt: string; body: string }[];
  /** Opening hours to start from (Settings › Site), for a theme that shows them. */
  hours?: DayHours[];
}

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });

const art = (theme: SiteThemeId, name: string) => `/assets/themes/${theme}/assets/starter/${name}.svg`;

export const THEME_STARTERS: Record<SiteThemeId, Starter> = {
  fieldnotes: {
    products: [],
    posts: [
      {
        slug: 'why-i-started-writing-here',
        title: 'Why I started writing here',
        excerpt: 'A notebook for the things I keep meaning to tell people.',
        body: 'For years my notes lived in margins and half-finished drafts. This is where they come together: short pieces on what I make, read and learn.\n\nNew posts arrive every other Sunday. Subscribe below to get them by email.',
      },
      {
        slug: 'a-reading-list-for-autumn',
        title: 'A reading list for autumn',
        excerpt: 'Five books for long evenings, and what each one taught me.',
        body: 'Autumn is for books you can sink into. Here are five I keep recommending, from a history of paper to a novel set in a lighthouse.\n\nTell me in the comments what should come next.',
      },
    ],
    projects: [],
  },
  market: {
    products: [
      {
        slug: 'market-basket',
        title: 'Woven Market Basket',
        excerpt: 'Hand-woven willow with a sturdy handle, for the weekly shop.',
        image: art('market', 'basket'),
        price: 4500,
      },
      {
        slug: 'sage-candle',
        title: 'Sage & Cedar Candle',
        excerpt: 'Soy wax poured by hand; about forty hours of quiet light.',
        image: art('market', 'candle'),
        price: 2800,
      },
      {
        slug: 'wool-scarf',
        title: 'Brick Wool Scarf',
        excerpt: 'Soft lambswool, fringed ends, made to last many winters.',
        image: art('market', 'scarf'),
        price: 6200,
      },
    ],
    posts: [],
    projects: [],
  },
  studio: {
    products: [],
    posts: [],
    projects: [
      {
        slug: 'harbour-identity',
        title: 'Harbour — identity',
        image: art('studio', 'project-1'),
        alt: 'A red sun over a pale block on deep blue, crossed by one white line',
        body: 'Logo, type and signage for a seaside arts festival.',
      },
      {
        slug: 'paper-season',
        title: 'Paper Season — posters',
        image: art('studio', 'project-2'),
        alt: 'A tall navy column beside a yellow circle on cream',
        body: 'A series of six screen-printed posters for a print fair.',
      },
      {
        slug: 'green-lane',
        title: 'Green Lane — book cover',
        image: art('studio', 'project-3'),
        alt: 'Rolling dark green hills under a cream sun, with an outlined square',
        body: 'Cover and chapter openers for a novel about a walking route.',
      },
      {
        slug: 'square-one',
        title: 'Square One — exhibition',
        image: art('studio', 'project-4'),
        alt: 'Nested navy and cream squares with a navy dot at the centre, on yellow',
        body: 'Wayfinding and catalogue for a gallery’s opening show.',
      },
    ],
  },
  bistro: {
    hours: [
      { closed: true, opens: '17:30', closes: '22:00' },
      open('17:30', '22:00'),
      open('17:30', '22:00'),
      open('17:30', '22:00'),
      open('12:00', '23:00'),
      open('12:00', '23:00'),
      open('12:00', '16:00'),
    ],
    products: [
      {
        slug: 'tomato-tart',
        title: 'Heirloom Tomato Tart',
        excerpt: 'Flaky pastry, roasted tomatoes, basil oil.',
        image: art('bistro', 'tart'),
        price: 1400,
      },
      {
        slug: 'spring-risotto',
        title: 'Spring Pea Risotto',
        excerpt: 'Carnaroli rice, peas, mint and aged parmesan.',
        image: art('bistro', 'risotto'),
        price: 1900,
      },
      {
        slug: 'grilled-trout',
        title: 'Grilled Trout',
        excerpt: 'Brown butter, lemon and new potatoes.',
        image: art('bistro', 'fish'),
        price: 2400,
      },
      {
        slug: 'chocolate-mousse',
        title: 'Chocolate Mousse',
        excerpt: 'Dark chocolate, whipped cream and raspberries.',
        image: art('bistro', 'mousse'),
        price: 900,
      },
    ],
    posts: [],
    projects: [],
  },
};

/** Settings a new site starts with in its theme: the starter's opening hours, if it has them. */
export function starterSettings(theme: SiteThemeId): Record<string, unknown> {
  const { hours } = THEME_STARTERS[theme];
  return hours ? { businessHours: hours } : {};
}

/**
 * Seeds a new site's starter content for its theme, inside the transaction that makes the site.
 * `pageId` names the site's pages; the shop page exists already. Returns the extra pages to add
 * to the main menu.
 */
export async function seedThemeStarter(
  tx: Pick<Database, 'insert'>,
  websiteId: string,
  theme: SiteThemeId,
  pageId: (name: string) => string,
): Promise<string[]> {
  const starter = THEME_STARTERS[theme];
  const menu: string[] = [];
  if (starter.products.length) {
    await tx.insert(products).values(
      starter.products.map((p, position) => ({
        id: pageId(`product-${p.slug}`),
        websiteId,
        collectionId: pageId('shop'),
        urlId: p.slug,
        title: p.title,
        excerpt: `<p>${p.excerpt}</p>`,
        productType: 1 as const,
        imageUrl: p.image,
        position,
      })),
    );
    await tx.insert(variants).values(
      starter.products.map((p) => ({
        id: pageId(`variant-${p.slug}`),
        productId: pageId(`product-${p.slug}`),
        sku: p.slug.toUpperCase(),
        attributes: {},
        priceCents: p.price,
        unlimited: true,
        position: 0,
      })),
    );
  }
  if (starter.posts.length) {
    await tx.insert(pages).values({
      id: pageId('blog'),
      websiteId,
      path: '/blog',
      title: 'Blog',
      pageType: 1,
      collectionType: 'blog',
      kind: 'collection',
      templateName: 'blog-list',
      itemTemplateName: 'blog-item',
      navigationIndex: 2,
    });
    const now = Date.now();
    await tx.insert(blogPosts).values(
      starter.posts.map((p, i) => ({
        id: pageId(`post-${p.slug}`),
        websiteId,
        collectionId: pageId('blog'),
        urlId: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        body: p.body,
        status: 'published' as const,
        publishOn: new Date(now - (i + 1) * 86_400_000),
      })),
    );
    menu.push(pageId('blog'));
  }
  if (starter.projects.length) {
    await tx.insert(pages).values({
      id: pageId('work'),
      websiteId,
      path: '/work',
      title: 'Work',
      pageType: 1,
      collectionType: 'gallery',
      kind: 'collection',
      templateName: 'gallery-list',
      navigationIndex: 2,
      description: 'Selected projects.',
    });
    await tx.insert(collectionItems).values(
      starter.projects.map((p, position) => ({
        id: pageId(`project-${p.slug}`),
        websiteId,
        collectionId: pageId('work'),
        urlId: p.slug,
        title: p.title,
        body: p.body,
        position,
        data: { src: p.image, alt: p.alt },
      })),
    );
    menu.push(pageId('work'));
  }
  return menu;
}
