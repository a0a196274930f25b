import { blockDefinition, type PageDocument } from '@site/page-content';
import type { Database } from '../db/client';
import { siteHeaderFooter, siteNavigation } from '../db/schema';

/** The About page, built from blocks as an owner would in the editor. */
export const DEMO_ABOUT_DOCUMENT: PageDocument = {
  sections: [
    {
      id: 'about-intro',
      background: 'default',
      width: 'narrow',
      blocks: [
        {
          id: 'about-heading',
          type: 'heading',
          settings: { text: 'About the workshop', level: 1, align: 'left' },
        },
        {
          id: 'about-text',
          type: 'text',
          settings: {
            text: 'We are a small workshop making durable goods for makers.\n\nEverything we sell is something we use at our own benches: bags that carry tools, paper that takes ink, shirts that survive a day of work.',
            html: '<p>We are a small workshop making <strong>durable goods</strong> for makers.</p><p>Everything we sell is something we use at our own benches: bags that carry tools, paper that takes ink, shirts that survive a day of work.</p>',
            align: 'left',
          },
        },
        {
          id: 'about-image',
          type: 'image',
          settings: {
            src: '/assets/demo/workshop.svg',
            alt: 'The workbench in our studio',
            caption: 'Our studio on a Saturday class day',
            href: '',
            width: 'full',
          },
        },
      ],
    },
    {
      id: 'about-studio',
      background: 'default',
      width: 'wide',
      blocks: [
        {
          id: 'about-studio-heading',
          type: 'heading',
          settings: { text: 'In the studio', level: 2, align: 'left' },
        },
        {
          id: 'about-gallery',
          type: 'gallery',
          // As the editor saves it: every option of the block with its default.
          settings: blockDefinition('gallery')!.settings.parse({
            design: 'grid',
            'thumbnails-per-row': 3,
            'aspect-ratio': 'standard',
            'show-meta-only-title': true,
            images: [
              {
                src: '/assets/demo/workshop.svg',
                alt: 'The workbench in our studio',
                title: 'The workbench',
                description: '',
              },
              {
                src: '/assets/demo/brushes.svg',
                alt: 'Three brushes of different widths',
                title: 'Brushes',
                description: '',
              },
              {
                src: '/assets/demo/notebook.svg',
                alt: 'A stack of dot-grid field notebooks',
                title: 'Notebooks',
                description: '',
              },
            ],
          }),
        },
        {
          id: 'about-events',
          type: 'summary',
          settings: { collectionId: 'page-events', title: 'Coming up', limit: 3, variant: 'grid' },
        },
      ],
    },
    {
      id: 'about-shop',
      background: 'muted',
      width: 'wide',
      blocks: [
        {
          id: 'about-favourite',
          type: 'heading',
          settings: { text: 'A favourite of ours', level: 2, align: 'center' },
        },
        {
          id: 'about-product',
          type: 'product',
          settings: { productId: 'prod-canvas-tote', showExcerpt: true, buttonLabel: 'View product' },
        },
        {
          id: 'about-button',
          type: 'button',
          settings: {
            label: 'Browse the shop',
            href: '/shop',
            style: 'primary',
            size: 'medium',
            align: 'center',
            newWindow: false,
          },
        },
      ],
    },
  ],
};

const FOOTER_DOCUMENT: PageDocument = {
  sections: [
    {
      id: 'footer-about',
      background: 'default',
      width: 'narrow',
      blocks: [
        {
          id: 'footer-text',
          type: 'text',
          settings: { text: 'Goods for people who make things by hand.', align: 'center' },
        },
      ],
    },
  ],
};

/** Menu, header and footer of the demo site, as the editor stores them. */
export async function seedDemoLayout(
  tx: Pick<Database, 'insert'>,
  websiteId: string,
  siteTitle: string,
): Promise<void> {
  const page = (collectionId: string) => ({ collectionId });
  await tx.insert(siteNavigation).values([
    {
      websiteId,
      fieldName: 'mainNav',
      items: [
        page('page-home'),
        page('page-shop'),
        page('page-about'),
        page('page-journal'),
        {
          collectionId: 'page-studio',
          items: [page('page-events'), page('page-gallery'), page('page-album'), page('page-videos')],
        },
        page('page-contact'),
      ],
    },
    {
      websiteId,
      fieldName: 'secondaryNav',
      items: [{ externalLink: { url: 'https://instagram.com/', title: 'Instagram', newWindow: true } }],
    },
  ]);
  await tx.insert(siteHeaderFooter).values({
    websiteId,
    header: {
      siteTitle,
      logoUrl: '',
      logoAlt: '',
      navigationPlacement: 'right',
      showCartLink: true,
      announcement: '',
    },
    footer: { content: FOOTER_DOCUMENT, showNavigation: true, copyright: `© ${siteTitle}` },
  });
}
