import type { Database } from '../db/client';
import { blogComments, blogPosts, pages } from '../db/schema';

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

/** The Journal: a blog of three posts, one with approved comments and one still pending. */
export async function seedDemoBlog(tx: Pick<Database, 'insert'>, websiteId: string): Promise<void> {
  await tx.insert(pages).values({
    id: 'page-journal',
    websiteId,
    path: '/journal',
    title: 'Journal',
    pageType: 1,
    collectionType: 'blog',
    kind: 'collection',
    templateName: 'blog-list',
    itemTemplateName: 'blog-item',
    navigationIndex: 4,
    description: 'Notes from the workshop: materials, care and the people who use our goods.',
  });
  const post = (p: Omit<typeof blogPosts.$inferInsert, 'websiteId' | 'collectionId' | 'status'>) => ({
    ...p,
    websiteId,
    collectionId: 'page-journal',
    status: 'published' as const,
  });
  await tx.insert(blogPosts).values([
    post({
      id: 'post-waxing-canvas',
      urlId: 'caring-for-waxed-canvas',
      title: 'Caring for waxed canvas',
      excerpt: 'Why our totes get better with age, and how to re-wax one in an afternoon.',
      body: 'Waxed canvas is cotton duck soaked in a blend of paraffin and beeswax. The wax keeps rain out and lets the fabric crease into a patina that is yours alone.\n\nEvery year or so, warm the bag with a hair dryer and rub in a bar of fabric wax. Let it rest overnight somewhere warm, then buff away what is left.\n\nNever wash it in a machine: hot water strips the wax.',
      author: 'Mara Ellis',
      tags: ['care', 'canvas'],
      categories: ['Care guides'],
      publishOn: day('2026-03-02'),
      likeCount: 4,
    }),
    post({
      id: 'post-paper-ink',
      urlId: 'paper-that-takes-ink',
      title: 'Paper that takes ink',
      excerpt: 'What makes a notebook page good for fountain pens, and why ours are dot-grid.',
      body: 'Feathering happens when ink spreads along the fibres of a page. Sized paper holds the ink on the surface long enough for it to dry.\n\nOur field notebooks use 90 gsm sized paper with a light dot grid: enough structure for sketches and lists, quiet enough for writing.',
      author: 'Jon Park',
      tags: ['paper', 'notebooks'],
      categories: ['Materials'],
      publishOn: day('2026-02-10'),
    }),
    post({
      id: 'post-saturday-class',
      urlId: 'a-saturday-bookbinding-class',
      title: 'A Saturday bookbinding class',
      excerpt: 'Eight people, two hours, one pamphlet stitch each.',
      body: 'Our bookbinding workshop runs on Saturdays in the studio. Everyone leaves with a stitched notebook and the tools to make another.\n\nBring nothing but curiosity: we provide paper, thread, awls and tea.',
      author: 'Mara Ellis',
      tags: ['workshop', 'notebooks'],
      categories: ['Studio'],
      publishOn: day('2026-01-18'),
      commentState: 1,
    }),
  ]);
  await tx.insert(blogComments).values([
    {
      id: 'comment-1',
      websiteId,
      postId: 'post-waxing-canvas',
      authorName: 'Ada',
      body: 'Re-waxed mine last weekend. It looks new, but better.',
      status: 'approved',
      createdAt: day('2026-03-04'),
    },
    {
      id: 'comment-2',
      websiteId,
      postId: 'post-waxing-canvas',
      authorName: 'Grace',
      body: 'Does this work on the leather handles too?',
      status: 'approved',
      createdAt: day('2026-03-05'),
    },
    {
      id: 'comment-3',
      websiteId,
      postId: 'post-saturday-class',
      authorName: 'Linus',
      body: 'Is there a class in May?',
      status: 'pending',
      createdAt: day('2026-01-20'),
    },
  ]);
}
