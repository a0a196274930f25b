import type { Database } from '../db/client';
import { collectionItems, pages } from '../db/schema';

const DAY = 86_400_000;

/**
 * The Studio folder (an index of its pages) holding one page of each item collection: events
 * around the seeding day (so a fresh start has upcoming and past ones), a slideshow gallery of the
 * shop's artwork, an album of three generated tones and two videos.
 */
export async function seedDemoCollections(
  tx: Pick<Database, 'insert'>,
  websiteId: string,
  now: Date,
): Promise<void> {
  const at = (days: number, hour: number, minutes = 0) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, minutes, 0, 0);
    return d;
  };
  const collection = { websiteId, pageType: 1, kind: 'collection' as const, parentId: 'page-studio' };
  await tx.insert(pages).values([
    {
      id: 'page-studio',
      websiteId,
      path: '/studio',
      title: 'Studio',
      pageType: 1,
      kind: 'folder',
      templateName: 'page',
      folderBehavior: 'index',
      description: 'Classes, pictures, sounds and films from the workshop.',
    },
    {
      ...collection,
      id: 'page-events',
      path: '/studio/events',
      title: 'Events',
      collectionType: 'events',
      templateName: 'events-list',
      itemTemplateName: 'events-item',
      context: { showPastOrUpcomingEvents: 'both' },
      description: 'Classes and open days at the workshop.',
    },
    {
      ...collection,
      id: 'page-gallery',
      path: '/studio/gallery',
      title: 'Gallery',
      collectionType: 'gallery',
      templateName: 'gallery-list',
      context: {
        gallery: {
          design: 'slideshow',
          thumbnails: true,
          controls: true,
          'auto-crop': false,
          lightbox: false,
        },
      },
      description: 'Things we made this season.',
    },
    {
      ...collection,
      id: 'page-album',
      path: '/studio/album',
      title: 'Workshop sounds',
      collectionType: 'album',
      templateName: 'album-list',
      description: 'Three short tones we play when a class starts, breaks and ends.',
    },
    {
      ...collection,
      id: 'page-videos',
      path: '/studio/videos',
      title: 'Videos',
      collectionType: 'videos',
      templateName: 'videos-list',
      itemTemplateName: 'videos-item',
      description: 'How-to films from the bench.',
    },
  ]);
  const studio = '148 Lafayette Street';
  const location = (addressTitle: string, addressLine1 = studio, addressLine2 = 'New York, NY 10013') => ({
    addressTitle,
    addressLine1,
    addressLine2,
    addressCountry: 'United States',
  });
  const event = (
    id: string,
    urlId: string,
    title: string,
    body: string,
    start: Date,
    hours: number,
    place = location('The workshop'),
  ) => ({
    id,
    websiteId,
    collectionId: 'page-events',
    urlId,
    title,
    body,
    startsAt: start,
    endsAt: new Date(start.getTime() + hours * 3_600_000),
    data: {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + hours * 3_600_000).toISOString(),
      location: place,
    },
  });
  const picture = (position: number, id: string, title: string, src: string, alt: string, body: string) => ({
    id,
    websiteId,
    collectionId: 'page-gallery',
    urlId: id.replace(/^gallery-/, ''),
    title,
    body,
    position,
    data: { src, alt },
  });
  const track = (position: number, id: string, title: string, src: string, durationMs: number) => ({
    id,
    websiteId,
    collectionId: 'page-album',
    urlId: id.replace(/^track-/, ''),
    title,
    position,
    data: { src, durationMs, author: 'Workshop' },
  });
  await tx.insert(collectionItems).values([
    event(
      'event-bookbinding',
      'saturday-bookbinding',
      'Saturday bookbinding class',
      'Two hours, eight people, one pamphlet stitch each. We provide paper, thread, awls and tea.\n\nSuitable for beginners; bring nothing but curiosity.',
      at(5, 15),
      2,
    ),
    event(
      'event-rewax',
      'rewax-your-canvas',
      'Re-wax your canvas night',
      'Bring a tired waxed bag and leave with one that keeps the rain out again. Wax, heat guns and brushes are on us.',
      at(12, 23),
      2.5,
    ),
    event(
      'event-market',
      'winter-makers-market',
      'Winter makers’ market',
      'Twenty makers from the neighbourhood, mulled cider and the workshop’s seconds at half price.',
      at(26, 15),
      6,
      location('Elizabeth Street Garden', '209 Elizabeth Street'),
    ),
    event(
      'event-open-day',
      'spring-open-day',
      'Spring open day',
      'We opened the workshop doors for an afternoon of demonstrations.',
      at(-40, 16),
      4,
    ),
    event(
      'event-ink',
      'ink-tasting',
      'Fountain pen ink tasting',
      'Twelve inks on three papers: which feather, which sheen, which dry in time.',
      at(-75, 22),
      2,
    ),
    picture(
      0,
      'gallery-tote',
      'Waxed canvas tote',
      '/assets/demo/tote.svg',
      'A waxed canvas tote bag with leather handles',
      'Our everyday carry, waxed by hand.',
    ),
    picture(
      1,
      'gallery-notebooks',
      'Field notebooks',
      '/assets/demo/notebook.svg',
      'A stack of dot-grid field notebooks',
      'Sewn bindings, 90 gsm paper.',
    ),
    picture(
      2,
      'gallery-shirt',
      'Linen work shirt',
      '/assets/demo/shirt.svg',
      'A linen work shirt on a hanger',
      'Cut roomy for a day at the bench.',
    ),
    picture(
      3,
      'gallery-mug',
      'Stoneware mug',
      '/assets/demo/mug.svg',
      'A speckled stoneware mug',
      'Thrown in the studio next door.',
    ),
    picture(
      4,
      'gallery-brushes',
      'Brush set',
      '/assets/demo/brushes.svg',
      'Three brushes of different widths',
      'For wax, glue and paint.',
    ),
    picture(
      5,
      'gallery-workshop',
      'The workbench',
      '/assets/demo/workshop.svg',
      'The workbench in our studio',
      'Where the classes happen.',
    ),
    track(0, 'track-morning', 'Morning bell', '/assets/demo/tone-morning.wav', 3000),
    track(1, 'track-workbench', 'Tea break', '/assets/demo/tone-workbench.wav', 3000),
    track(2, 'track-evening', 'Closing time', '/assets/demo/tone-evening.wav', 3000),
    {
      id: 'video-rewax',
      websiteId,
      collectionId: 'page-videos',
      urlId: 'how-to-rewax-a-bag',
      title: 'How to re-wax a bag',
      body: 'Warm the canvas, rub in the wax, let it rest overnight, buff it off. Ten minutes at the bench.',
      position: 0,
      data: { url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', thumbnail: '/assets/demo/tote.svg' },
    },
    {
      id: 'video-stitch',
      websiteId,
      collectionId: 'page-videos',
      urlId: 'pamphlet-stitch',
      title: 'The pamphlet stitch',
      body: 'Three holes, one needle, one notebook: the binding our Saturday class starts with.',
      position: 1,
      data: { url: 'https://vimeo.com/76979871', thumbnail: '/assets/demo/notebook.svg' },
    },
  ]);
}
