import { EDITOR_API, messages, type PageDetail } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('the cover page (3) on $name', (target) => {
  const demo = demoSiteSuite(target);

  const createCover = async (title: string) => {
    const res = await demo.owner.call('POST', EDITOR_API.pages, {
      title,
      kind: 'cover',
      navigation: 'notLinked',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PageDetail;
  };
  const setCover = async (page: PageDetail, cover: unknown) =>
    demo.owner.call('PATCH', EDITOR_API.page(page.id), { version: page.version, cover });

  it('is created as page type 3 with default settings and no blocks, a draft until published', async () => {
    const page = await createCover('Spring launch');
    expect(page).toMatchObject({ pageType: 3, kind: 'page', status: 'draft', path: '/spring-launch' });
    expect(page.cover).toEqual({
      headline: '',
      text: '',
      button: null,
      background: { source: 'none' },
      position: 'center',
    });
    expect(page.draft).toEqual({ sections: [] });
    expect((await demo.app.inject('/spring-launch')).statusCode).toBe(404);
  });

  it('renders full screen from its settings, without the site header, breadcrumbs, footer or popup', async () => {
    const page = await createCover('Summer sale');
    const cover = {
      headline: 'Summer <sale>',
      text: 'Everything 20% off until Sunday.',
      button: { label: 'Shop the sale', href: '/shop' },
      background: { source: 'upload', src: '/files/abc123/beach.jpg', alt: '' },
      position: 'bottom-left',
    };
    const saved = await setCover(page, cover);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cover).toEqual(cover);
    expect(
      (await demo.owner.call('POST', EDITOR_API.publish(page.id), { version: saved.json().version }))
        .statusCode,
    ).toBe(200);

    const res = await demo.app.inject('/summer-sale');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<body class="page-type-3">');
    expect(html).toContain(
      '<section class="cover-page cover-page--bottom cover-page--left cover-page--image" aria-labelledby="cover-title">',
    );
    expect(html).toContain('<img class="cover-page__image" src="/files/abc123/beach.jpg" alt="">');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<h1 id="cover-title">Summer &lt;sale&gt;</h1>');
    expect(html).toContain('<a class="cover-page__button" href="/shop">Shop the sale</a>');
    for (const chrome of [
      '<header class="site-header',
      'class="breadcrumbs"',
      '<footer class="site-footer"',
      'id="popup-overlay"',
    ])
      expect(html).not.toContain(chrome);
    // Other pages keep their header and footer.
    const shop = (await demo.app.inject('/shop')).body;
    expect(shop).toContain('<header class="site-header');
    expect(shop).toContain('<footer class="site-footer"');
  });

  it('shows the page title when no headline is set, and no image without a background', async () => {
    const page = await createCover('Coming soon');
    // Blocks saved to a cover page (not something the editor offers) never replace its settings.
    const draft = {
      sections: [{ id: 's1', blocks: [{ id: 'b1', type: 'text', settings: { text: 'Stray block' } }] }],
    };
    const saved = (
      await demo.owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document: draft })
    ).json();
    expect(
      (await demo.owner.call('POST', EDITOR_API.publish(page.id), { version: saved.version })).statusCode,
    ).toBe(200);
    const html = (await demo.app.inject('/coming-soon')).body;
    expect(html).toContain(
      '<section class="cover-page cover-page--middle cover-page--center" aria-labelledby="cover-title">',
    );
    expect(html).toContain('<h1 id="cover-title">Coming soon</h1>');
    expect(html).not.toContain('cover-page__image');
    expect(html).not.toContain('cover-page__button');
    expect(html).not.toContain('Stray block');
  });

  it('refuses unsafe or incomplete settings with 400 and the field’s message, keeping what was saved', async () => {
    const page = await createCover('Guarded');
    for (const [cover, message] of [
      [{ button: { label: 'Go', href: 'javascript:alert(1)' } }, messages.invalidLink],
      [{ background: { source: 'upload', src: '' } }, messages.coverImageRequired],
      [{ position: 'somewhere' }, undefined],
      [{ headline: 'a\u0000b' }, undefined],
      ['yes', undefined],
    ] as const) {
      const res = await setCover(page, cover);
      expect(res.statusCode, JSON.stringify(cover)).toBe(400);
      if (message) expect(JSON.stringify(res.json().error)).toContain(message);
    }
    expect((await demo.owner.get(EDITOR_API.page(page.id))).json()).toMatchObject({
      version: page.version,
      cover: { headline: '', button: null },
    });
  });

  it('refuses cover settings on a page that is not a cover page', async () => {
    const res = await demo.owner.call('POST', EDITOR_API.pages, { title: 'Plain', navigation: 'notLinked' });
    const plain = res.json() as PageDetail;
    const refused = await setCover(plain, { headline: 'Nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: messages.notACoverPage,
      issues: [{ path: ['cover'] }],
    });
    expect(plain.cover).toBeUndefined();
  });
});
