import { emptyDocument, type EditorSite, type SiteLayoutEntry } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { addBlock, updateBlockSettings } from '../page-editor/document-ops';
import { CONTENT_ID, previewDocumentHtml, renderDataFor, renderPreview } from './render-preview';

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
  collections: [{ id: 'shop', title: 'Shop', fullUrl: '/shop' }],
  forms: [],
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
    const parts = renderPreview(site, page, withProduct, renderDataFor(site), layout);
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
      renderPreview(renamed, page, emptyDocument('One'), renderDataFor(renamed), layout),
    );
    expect(html).toContain('<header>Fieldnotes &amp; Co.<nav>');
    expect(html).not.toContain('Old name');
  });

  it('keeps the layout unchanged when only the content changes, so the frame patches the content alone', () => {
    const doc = emptyDocument('One');
    const first = renderPreview(site, page, doc, renderDataFor(site), layout);
    const heading = doc.sections[0]!.blocks[0]!;
    const edited = updateBlockSettings(doc, heading.id, { ...heading.settings, text: 'Two' });
    const second = renderPreview(site, page, edited, renderDataFor(site), layout);
    expect(second.shell).toBe(first.shell);
    expect(second.content).toContain('Two');
    expect(second.content).not.toBe(first.content);
  });

  it('applies the site styles the screen is editing, so a colour or font change shows at once', () => {
    const doc = emptyDocument('One');
    const saved = renderPreview(site, page, doc, renderDataFor(site), layout);
    expect(saved.shell).toContain(
      '<style>:root{--site-color-accent:#c01c28;--site-color-on-accent:#fff}</style>',
    );
    const draft = renderPreview(
      { ...site, siteStyles: { headingFont: 'lora', accent: '#1a5fb4' } },
      page,
      doc,
      renderDataFor(site),
      layout,
    );
    expect(draft.shell).toContain('--site-font-heading:"Lora", Georgia');
    expect(draft.shell).toContain('--site-color-accent:#1a5fb4');
    expect(draft.shell).toContain('src:url(/assets/fonts/lora/400.woff2)');
  });
});
