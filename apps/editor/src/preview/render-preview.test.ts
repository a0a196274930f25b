import {
  emptyDocument,
  PREVIEW_LIMITS,
  type EditorSite,
  type PreviewProducts,
  type SiteLayoutEntry,
} from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { addBlock, updateBlockSettings } from '../page-editor/document-ops';
import {
  CONTENT_ID,
  previewDocumentHtml,
  previewReferences,
  renderDataFor,
  renderPreview,
} from './render-preview';

const site: EditorSite = {
  website: {
    id: 'demo',
    siteTitle: 'Fieldnotes',
    language: 'en-US',
    timeZone: 'America/New_York',
    currency: 'USD',
  },
  billing: { plan: 'trial', trialEndsAt: null },
  templates: {
    site: '<html><head>{.repeated section storefrontAssets.css}<link rel="stylesheet" href="{@|htmlattr}">{.end}{.section siteStylesCss}<style>{@}</style>{.end}</head><body><header>{header.siteTitle|htmltag}<nav>{.repeated section navigation.items}<a href="{fullUrl|htmlattr}"{.if active} aria-current="page"{.end}>{title|htmltag}</a>{.if items}<ul>{.repeated section items}<li>{title}</li>{.end}</ul>{.end}{.end}</nav></header><main>{mainContent}</main><footer>{footer.contentHtml}{footer.copyright|htmltag}</footer>{.repeated section storefrontAssets.js}<script src="{@}"></script>{.end}</body></html>',
    page: '<article>{collection.mainContent}</article>',
  },
  stylesheets: ['/assets/storefront/site.css'],
  siteStyles: { accent: '#c01c28' },
  headerFooter: {
    version: 1,
    header: {
      siteTitle: '',
      logoUrl: '',
      logoAlt: '',
      navigationPlacement: 'right',
      showCartLink: true,
      announcement: '',
    },
    footer: { content: { sections: [] }, showNavigation: true, copyright: '© Fieldnotes' },
  },
  collections: [{ id: 'shop', title: 'Shop', fullUrl: '/shop' }],
  forms: [],
};
// The products the preview asked the server for (the kit carries none).
const shown: PreviewProducts = {
  products: [
    {
      id: 'p1',
      title: 'Tote',
      collectionId: 'shop',
      item: {
        id: 'p1',
        title: 'Tote',
        fullUrl: '/shop/p/tote',
        structuredContent: { productType: 1, variants: [] },
      },
    },
  ],
  shops: [],
};
const layout: SiteLayoutEntry[] = [
  {
    identifier: 'mainNav',
    title: 'Main Navigation',
    links: [
      { collectionId: 'home', title: 'Home', fullUrl: '/', enabled: true },
      { collectionId: 'about', title: 'About', fullUrl: '/about', enabled: true },
      { collectionId: 'hidden', title: 'Hidden', fullUrl: '/hidden', enabled: false },
    ],
  },
];
const page = { id: 'about', title: 'About', path: '/about' };

describe('the live preview', () => {
  it('renders the page inside the site layout as the server would, without scripts', () => {
    const doc = addBlock(emptyDocument('About us'), 'product').doc;
    const productBlock = doc.sections[0]!.blocks[1]!;
    const withProduct = updateBlockSettings(doc, productBlock.id, {
      ...productBlock.settings,
      productId: 'p1',
    });
    const parts = renderPreview(site, page, withProduct, renderDataFor(site, shown), layout);
    const html = previewDocumentHtml(parts);
    expect(parts.errors).toEqual([]);
    expect(html).toContain('<header>Fieldnotes<nav>');
    expect(html).toContain('<a href="/about" aria-current="page">About</a>');
    expect(html).not.toContain('Hidden');
    expect(html).toContain('href="/assets/storefront/site.css"');
    expect(html).not.toContain('<script');
    expect(html).toContain('About us</h1>');
    expect(html).toContain('href="/shop/p/tote"');
    expect(html).toContain('© Fieldnotes');
    expect(html).toContain(`id="${CONTENT_ID}"`);
  });

  it('heads the page with the site’s title from Settings › Site, not a title stored with the header', () => {
    const renamed: EditorSite = {
      ...site,
      website: { ...site.website, siteTitle: 'Fieldnotes & Co.' },
      headerFooter: { ...site.headerFooter, header: { ...site.headerFooter.header, siteTitle: 'Old name' } },
    };
    const html = previewDocumentHtml(
      renderPreview(renamed, page, emptyDocument('One'), renderDataFor(renamed, shown), layout),
    );
    expect(html).toContain('<header>Fieldnotes &amp; Co.<nav>');
    expect(html).not.toContain('Old name');
  });

  it('keeps the layout unchanged when only the content changes, so the frame patches the content alone', () => {
    const doc = emptyDocument('One');
    const first = renderPreview(site, page, doc, renderDataFor(site, shown), layout);
    const heading = doc.sections[0]!.blocks[0]!;
    const edited = updateBlockSettings(doc, heading.id, { ...heading.settings, text: 'Two' });
    const second = renderPreview(site, page, edited, renderDataFor(site, shown), layout);
    expect(second.shell).toBe(first.shell);
    expect(second.content).toContain('Two');
    expect(second.content).not.toBe(first.content);
  });

  it('applies the site styles the screen is editing, so a colour or font change shows at once', () => {
    const doc = emptyDocument('One');
    const saved = renderPreview(site, page, doc, renderDataFor(site, shown), layout);
    expect(saved.shell).toContain(
      '<style>:root{--site-color-accent:#c01c28;--site-color-on-accent:#fff}</style>',
    );
    const draft = renderPreview(
      { ...site, siteStyles: { headingFont: 'lora', accent: '#1a5fb4' } },
      page,
      doc,
      renderDataFor(site, shown),
      layout,
    );
    expect(draft.shell).toContain('--site-font-heading:"Lora", Georgia');
    expect(draft.shell).toContain('--site-color-accent:#1a5fb4');
    expect(draft.shell).toContain('src:url(/assets/fonts/lora/400.woff2)');
  });

  it('asks only for the products its blocks name and the shops its summaries show, sorted and bounded', () => {
    const kit = {
      ...site,
      collections: [...site.collections, { id: 'blog', title: 'Journal', fullUrl: '/journal', items: [] }],
    };
    let doc = emptyDocument('Picks');
    for (const productId of ['p9', 'p1', 'p9']) {
      const added = addBlock(doc, 'product');
      doc = updateBlockSettings(added.doc, added.blockId, { productId });
    }
    for (const collectionId of ['shop', 'blog']) {
      const added = addBlock(doc, 'summary');
      doc = updateBlockSettings(added.doc, added.blockId, { collectionId, limit: 4, title: '' });
    }
    expect(previewReferences(kit, [doc])).toEqual({ ids: ['p1', 'p9'], shops: ['shop'] });
    // Editing text names nothing new: the same question, so nothing is fetched again.
    const heading = doc.sections[0]!.blocks[0]!;
    const typed = updateBlockSettings(doc, heading.id, { ...heading.settings, text: 'Picks!' });
    expect(previewReferences(kit, [typed])).toEqual(previewReferences(kit, [doc]));
    expect(previewReferences(kit, [])).toEqual({ ids: [], shops: [] });

    let many = emptyDocument('Many');
    for (let i = 0; i <= PREVIEW_LIMITS.products; i++) {
      const added = addBlock(many, 'product');
      many = updateBlockSettings(added.doc, added.blockId, { productId: `p${String(i).padStart(3, '0')}` });
    }
    expect(previewReferences(kit, [many]).ids).toHaveLength(PREVIEW_LIMITS.products);
  });

  it('shows a shop’s summary from the items the server gave for it, and nothing before they come', () => {
    let doc = emptyDocument('Shop');
    const added = addBlock(doc, 'summary');
    doc = updateBlockSettings(added.doc, added.blockId, { collectionId: 'shop', limit: 4, title: 'New' });
    const withItems = renderPreview(
      site,
      page,
      doc,
      renderDataFor(site, { ...shown, shops: [{ id: 'shop', items: [shown.products[0]!.item] }] }),
      layout,
    );
    expect(withItems.content).toContain('Tote');
    const before = renderPreview(site, page, doc, renderDataFor(site), layout);
    expect(before.content).not.toContain('Tote');
  });
});
