import {
  EDITOR_API,
  MEMBER_AREAS_API,
  memberAreaMessages,
  messages,
  SITE_THEME_IDS,
  type MemberArea,
  type PageDetail,
} from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';

const targets = await databaseTargets();
const AREA = (id: string) => MEMBER_AREAS_API.area.replace(':id', id);
const MONTHLY = { billing: 'month', amountMinor: 900 } as const;

/** A page whose Pricing plan block has a plan selling `areaId` and a plan with a typed price and link. */
const planDocument = (areaId: string) => ({
  sections: [
    {
      id: 's1',
      blocks: [
        {
          id: 'plans',
          type: 'pricing-plan',
          settings: {
            title: 'Join us',
            plans: [
              {
                name: 'Supper club',
                price: '€1',
                period: 'typed, never shown',
                buttonLabel: '',
                buttonTarget: 'area',
                areaId,
                highlighted: true,
              },
              {
                name: 'Tasting',
                price: '€15',
                period: 'a month',
                buttonLabel: 'Ask',
                buttonLink: '/contact',
              },
            ],
          },
        },
      ],
    },
  ],
});

describe.each(targets)('Pricing plan selling a member area on $name', (target) => {
  const site = demoSiteSuite(target);
  let area: MemberArea;
  let page: PageDetail;

  const save = (document: unknown) =>
    site.owner.call('PUT', EDITOR_API.draft(page.id), { version: page.version, document });
  const publish = async (document: unknown) => {
    const saved = await save(document);
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await site.owner.call('POST', EDITOR_API.publish(page.id), {
      version: (saved.json() as PageDetail).version,
    });
    expect(published.statusCode, published.body).toBe(200);
    page = published.json() as PageDetail;
  };

  it('saves a plan pointed at one of the site’s areas and refuses any other area id at the plan', async () => {
    const made = await site.owner.call('POST', MEMBER_AREAS_API.list, {
      name: 'Supper club',
      pageIds: ['page-about'],
      price: MONTHLY,
    });
    expect(made.statusCode, made.body).toBe(201);
    area = made.json() as MemberArea;
    page = (await site.owner.call('POST', EDITOR_API.pages, { title: 'Plans' })).json() as PageDetail;
    for (const id of ['another-sites-area', "' or 1=1 --", 'x'.repeat(200)]) {
      const refused = await save(planDocument(id));
      expect(refused.statusCode, id).toBe(400);
      const error = refused.json().error;
      expect(error.message).toBe(messages.blocks.pricingUnknownArea);
      expect(error.issues).toEqual([
        {
          path: ['document', 'sections', 0, 'blocks', 0, 'settings', 'plans', 0, 'areaId'],
          message: messages.blocks.pricingUnknownArea,
        },
      ]);
    }
    const hostile = await save({
      ...planDocument(area.id),
      sections: [
        {
          id: 's',
          blocks: [{ id: 'p', type: 'pricing-plan', settings: { plans: [{ buttonTarget: 'shop' }] } }],
        },
      ],
    });
    expect(hostile.statusCode).toBe(400);
    await publish(planDocument(area.id));
  });

  it('shows the area’s price in the store’s currency and leads into its join, in every theme', async () => {
    for (const theme of SITE_THEME_IDS) {
      const res = await site.owner.get(`${page.path}?theme-preview=${theme}`);
      expect(res.statusCode, theme).toBe(200);
      const html = res.body;
      expect(html, theme).toContain(
        '<span class="pricing-plan__amount">$9.00</span> <span class="pricing-plan__period">/ month</span>',
      );
      expect(html, theme).not.toContain('typed, never shown');
      // The owner is on the team and sees the area's pages, so reads the way in as a non-member would.
      expect(html, theme).toContain(
        `pricing-plan__button" href="/about">${memberAreaMessages.joinFor('$9.00 / month')}</a>`,
      );
      // The other plan keeps its typed price and link.
      expect(html, theme).toContain('<span class="pricing-plan__amount">€15</span>');
      expect(html, theme).toContain('href="/contact">Ask</a>');
    }
    const visitor = await new Member(site.app).get(page.path);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain(`href="/about">${memberAreaMessages.joinFor('$9.00 / month')}</a>`);
    // The button leads to the join screen (106), which sells the same price.
    const join = await new Member(site.app).get('/about');
    expect(join.statusCode).toBe(403);
    expect(join.body).toContain('<p class="member-area-screen__price">$9.00 / month</p>');
  });

  it('follows the area: a new price shows at once; made free it reads Free; removed, the plan keeps no button', async () => {
    const yearly = await site.owner.call('PUT', AREA(area.id), {
      name: area.name,
      pageIds: area.pageIds,
      price: { billing: 'year', amountMinor: 9000 },
    });
    expect(yearly.statusCode, yearly.body).toBe(200);
    let html = (await new Member(site.app).get(page.path)).body;
    expect(html).toContain(
      '<span class="pricing-plan__amount">$90.00</span> <span class="pricing-plan__period">/ year</span>',
    );
    const free = await site.owner.call('PUT', AREA(area.id), {
      name: area.name,
      pageIds: area.pageIds,
      price: { billing: 'free' },
    });
    expect(free.statusCode, free.body).toBe(200);
    html = (await new Member(site.app).get(page.path)).body;
    expect(html).toContain(`<span class="pricing-plan__amount">${messages.blocks.pricingAreaFree}</span>`);
    expect(html).toContain('href="/about">Join Supper club</a>');
    expect((await site.owner.call('DELETE', AREA(area.id))).statusCode).toBe(204);
    const gone = await new Member(site.app).get(page.path);
    expect(gone.statusCode).toBe(200);
    expect(gone.body).toContain('<h3 class="pricing-plan__name">Supper club</h3>');
    expect(gone.body).not.toContain('pricing-plan__button" href="/about"');
    expect(gone.body).not.toContain('pricing-plan__amount">$');
    expect(gone.body).toContain('href="/contact">Ask</a>');
    // The page still saves with the removed area in it: removing an area never blocks its pages.
    const again = await save(planDocument(area.id));
    expect(again.statusCode, again.body).toBe(200);
  });
});
