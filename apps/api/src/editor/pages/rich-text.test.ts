import { EDITOR_API, type PageDetail } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../../test/client';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';

const targets = await databaseTargets();

const HOSTILE =
  '<p onclick="alert(1)">Hello <strong>world</strong><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">bad</a> <a href="page:TARGET" target="_blank">about</a>' +
  ' <a href="mailto:shop@example.com?subject=Hi%20there">mail</a></p><img src=x onerror=alert(4)>';

describe.each(targets)('rich text on $name', (target) => {
  const demo = demoSiteSuite(target);

  const create = async (title: string, path: string) => {
    const res = await demo.owner.call('POST', EDITOR_API.pages, { title, path, navigation: 'notLinked' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PageDetail;
  };

  it('stores hostile text-block HTML sanitised and links pages by id on the live page', async () => {
    const linked = await create('Linked', '/linked-page');
    const page = await create('Rich', '/rich-text');
    const document = {
      sections: [
        {
          id: 's1',
          blocks: [{ id: 'b1', type: 'text', settings: { html: HOSTILE.replace('TARGET', linked.id) } }],
        },
      ],
    };
    const saved = await demo.owner.call('PUT', EDITOR_API.draft(page.id), {
      version: page.version,
      document,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = (await demo.owner.get(EDITOR_API.page(page.id))).json() as PageDetail;
    const stored = detail.draft.sections[0]!.blocks[0]!.settings.html;
    expect(stored).toBe(
      `<p>Hello <strong>world</strong><a>bad</a> <a href="page:${linked.id}" target="_blank" rel="noopener noreferrer">about</a>` +
        ' <a href="mailto:shop@example.com?subject=Hi%20there">mail</a></p>',
    );

    const published = await demo.owner.call('POST', EDITOR_API.publish(page.id), {
      version: saved.json().version,
    });
    expect(published.statusCode, published.body).toBe(200);
    await demo.owner.call('POST', EDITOR_API.publish(linked.id), { version: linked.version });

    const visitor = new Shopper(demo.app);
    const live = (await visitor.request('GET', '/rich-text')).body;
    expect(live).toContain(`<a href="/linked-page" target="_blank" rel="noopener noreferrer">about</a>`);
    expect(live).not.toMatch(/alert\(|page:/);

    // A rename moves the link with the page: the href is resolved when the page renders.
    const current = (await demo.owner.get(EDITOR_API.page(linked.id))).json() as PageDetail;
    const renamed = await demo.owner.call('PATCH', EDITOR_API.page(linked.id), {
      version: current.version,
      path: '/renamed-page',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await visitor.request('GET', '/rich-text')).body).toContain(
      '<a href="/renamed-page" target="_blank"',
    );
  });
});
