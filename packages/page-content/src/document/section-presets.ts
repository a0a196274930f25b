import { createBlock, newContentId, type Block, type Section } from './page-document';
import { layoutSection, type Placement } from './section-grid';

export interface SectionPreset {
  key: 'hero' | 'features' | 'gallery' | 'testimonials' | 'product-grid' | 'newsletter' | 'contact';
  label: string;
  description: string;
  /** A new section with fresh ids, laid out on the grid, its phone order set for reading on a phone. */
  create: () => Section;
}

function block(type: string, place: Placement, settings: Record<string, unknown> = {}): Block {
  const made = createBlock(type);
  return { ...made, settings: { ...made.settings, ...settings }, place };
}
const at = (column: number, span: number, row: number, rows = 1): Placement => ({ column, span, row, rows });

function section(
  blocks: Block[],
  phone: Block[] = blocks,
  background: Section['background'] = 'default',
): Section {
  return layoutSection<Section, Block>({
    id: newContentId('s'),
    background,
    width: 'wide',
    blocks,
    phoneOrder: phone.map((b) => b.id),
  });
}

/** Three columns of a heading over a text: on a phone each column's pair stays together. */
function threeColumns(title: string, pairs: [string, string][]): Section {
  const heading = block('heading', at(1, 12, 1), { text: title, align: 'center' });
  const columns = pairs.map(([name, body], i) => [
    block('heading', at(1 + i * 4, 4, 2), { text: name, level: 3 }),
    block('text', at(1 + i * 4, 4, 3), { text: body }),
  ]);
  return section(
    [heading, ...columns.map((c) => c[0]!), ...columns.map((c) => c[1]!)],
    [heading, ...columns.flat()],
  );
}

/** Starting points for a section, each made of ordinary blocks the owner then edits (issue 27). */
export const SECTION_PRESETS: readonly SectionPreset[] = [
  {
    key: 'hero',
    label: 'Hero',
    description: 'A large title, a line of text and a button beside a picture.',
    create: () => {
      const title = block('heading', at(1, 7, 1), { text: 'Made slowly, made to last', level: 1 });
      const intro = block('text', at(1, 7, 2), { text: 'Say in a sentence what you make and for whom.' });
      const action = block('button', at(1, 7, 3), { label: 'Shop now', href: '/shop' });
      const picture = block('image', at(8, 5, 1, 3), { alt: '' });
      return section([title, intro, action, picture], [title, picture, intro, action]);
    },
  },
  {
    key: 'features',
    label: 'Features',
    description: 'A title over three columns, each with a heading and a text.',
    create: () =>
      threeColumns('Why people choose us', [
        ['Made by hand', 'Every piece is cut and sewn in our workshop.'],
        ['Repaired for free', 'Send it back and we mend it, for as long as you own it.'],
        ['Shipped in paper', 'No plastic in any parcel we send.'],
      ]),
  },
  {
    key: 'gallery',
    label: 'Gallery',
    description: 'A title over a grid of pictures.',
    create: () =>
      section([
        block('heading', at(1, 12, 1), { text: 'From the workshop' }),
        block('gallery', at(1, 12, 2)),
      ]),
  },
  {
    key: 'testimonials',
    label: 'Testimonials',
    description: 'Three quotes from customers side by side.',
    create: () =>
      section(
        [
          block('heading', at(1, 12, 1), { text: 'What customers say', align: 'center' }),
          ...['The bag I carry every day.', 'Mended in a week, good as new.', 'Worth every penny.'].map(
            (text, i) => block('quote', at(1 + i * 4, 4, 2), { text, source: 'A customer', variant: 'card' }),
          ),
        ],
        undefined,
        'muted',
      ),
  },
  {
    key: 'product-grid',
    label: 'Product grid',
    description: 'A title over three products from the store.',
    create: () =>
      section([
        block('heading', at(1, 12, 1), { text: 'Best sellers' }),
        ...[0, 1, 2].map((i) => block('product', at(1 + i * 4, 4, 2))),
      ]),
  },
  {
    key: 'newsletter',
    label: 'Newsletter',
    description: 'An email sign-up in the middle of a tinted band.',
    create: () => section([block('newsletter', at(3, 8, 1))], undefined, 'accent'),
  },
  {
    key: 'contact',
    label: 'Contact',
    description: 'How to reach you beside a contact form.',
    create: () =>
      section([
        block('heading', at(1, 5, 1), { text: 'Get in touch' }),
        block('text', at(1, 5, 2), { text: 'Write to us and we answer within a day.' }),
        block('form', at(6, 7, 1, 2)),
      ]),
  },
];
