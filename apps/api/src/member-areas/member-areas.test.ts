import {
  EDITOR_API,
  MEMBER_AREAS_API,
  memberAreaMessages,
  messages,
  type MemberArea,
  type SiteLayoutEntry,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberAreaMembers, siteMembers } from '../db/schema';
import { createMember } from '../security/members';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';

const targets = await databaseTargets();
const AREA = (id: string) => MEMBER_AREAS_API.area.replace(':id', id);
const MEMBERS = (id: string) => MEMBER_AREAS_API.members.replace(':id', id);
const MEMBER = (id: string, memberId: string) =>
  MEMBER_AREAS_API.member.replace(':id', id).replace(':memberId', memberId);
// Words only the About page's published blocks hold: seen in a body, the content leaked.
const CONTENT = 'durable goods';
const PASSWORD = 'quince harbour 19';

describe.each(targets)('member areas on $name', (target) => {
  const site = demoSiteSuite(target);
  let area: MemberArea;

  const member = async (email: string, verified = true) => {
    await createMember(site.database.db, {
      websiteId: DEMO_WEBSITE_ID,
      email,
      password: PASSWORD,
      roles: ['customer'],
    });
    if (!verified)
      await site.database.db
        .update(siteMembers)
        .set({ emailVerifiedAt: null })
        .where(eq(siteMembers.email, email));
    const browser = new Member(site.app);
    expect((await browser.signIn({ email, password: PASSWORD })).statusCode).toBe(200);
    return browser;
  };
  const join = (browser: Member, areaId: string) =>
    browser.post(MEMBER_AREAS_API.join, { areaId, returnTo: '/about' });

  it('lets owners and admins make areas; the viewer role and visitors are refused', async () => {
    const input = {
      name: 'Makers club',
      description: 'Workshop notes for members.',
      pageIds: ['page-about'],
    };
    expect((await new Member(site.app).post(MEMBER_AREAS_API.list, input)).statusCode).toBe(401);
    const refused = await site.viewer.call('POST', MEMBER_AREAS_API.list, input);
    expect(refused.statusCode).toBe(403);
    const made = await site.owner.call('POST', MEMBER_AREAS_API.list, input);
    expect(made.statusCode).toBe(201);
    area = made.json();
    expect(area).toMatchObject({ ...input, memberCount: 0 });
    // Reading is for the whole team: the block inspector lists the areas.
    const listed = await site.viewer.call('GET', MEMBER_AREAS_API.list);
    expect(listed.json().areas.map((a: MemberArea) => a.name)).toEqual(['Makers club']);
  });

  it.each([
    ['an empty name', { name: ' ' }, 'name', memberAreaMessages.nameRequired],
    ['a taken name', { name: 'Makers club' }, 'name', memberAreaMessages.nameTaken],
    [
      'a page of no site',
      { name: 'B', pageIds: ['no-such-page'] },
      'pageIds',
      memberAreaMessages.unknownPage,
    ],
    ['the home page', { name: 'B', pageIds: ['page-home'] }, 'pageIds', memberAreaMessages.notGateable],
    ['the cart', { name: 'B', pageIds: ['page-cart'] }, 'pageIds', memberAreaMessages.notGateable],
    ['pages as a string', { name: 'B', pageIds: 'page-about' }, 'pageIds', undefined],
  ])('refuses %s with a 400 naming the field', async (_, input, field, message) => {
    const res = await site.owner.call('POST', MEMBER_AREAS_API.list, input);
    expect(res.statusCode).toBe(400);
    const issue = res.json().error.issues[0];
    expect(issue.path).toEqual([field]);
    if (message) expect(issue.message).toBe(message);
  });

  it('answers 404 for an area that is not there', async () => {
    const res = await site.owner.call('PUT', AREA('nope'), { name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(memberAreaMessages.notFound);
  });

  it('shows a visitor the join screen (106) instead of the page, never its content, and keeps it out of the sitemap and search', async () => {
    const visitor = new Member(site.app);
    for (const format of ['', '?format=json']) {
      const res = await visitor.get(`/about${format}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(CONTENT);
    }
    const screen = await visitor.get('/about');
    expect(screen.body).toContain('<body class="page-type-106">');
    expect(screen.body).toContain('<h2>Makers club</h2>');
    expect(screen.body).toContain('Workshop notes for members.');
    expect(screen.body).toContain(memberAreaMessages.signedOutLead);
    expect(screen.body).toContain('href="/account/login?returnTo=%2Fabout"');
    // Signed out, nobody can join: no form, so no crumb in a page the cache may keep.
    expect(screen.body).not.toContain('action="/api/member-areas/join"');
    expect((await visitor.get('/sitemap.xml')).body).not.toContain('/about<');
    expect((await visitor.get('/search?q=durable')).body).not.toContain('<a href="/about">About</a><p>');
  });

  it('puts an area in the menu: it leads to its first page (the join screen to visitors); unknown areas, a second link and nested items are refused', async () => {
    const mainNav = (await site.owner.call('GET', EDITOR_API.siteLayout)).json()[0] as SiteLayoutEntry;
    const pagesOnly = mainNav.links
      .filter((l) => l.collectionId !== 'page-about')
      .map((l) => ({
        collectionId: l.collectionId,
        items: l.items?.map((i) => ({ collectionId: i.collectionId })),
      }));
    const update = (items: unknown[], fieldName = 'mainNav') =>
      site.owner.call('POST', EDITOR_API.updateNavigation, {
        fieldName,
        templateId: 'demo',
        navigation: { items },
      });
    const refusals: [unknown[], string, (string | number)[]][] = [
      [[{ memberAreaId: 'no-such-area' }], messages.unableToLocateContent, [0, 'memberAreaId']],
      [
        [{ memberAreaId: area.id }, { memberAreaId: area.id }],
        messages.areaInNavigationTwice,
        [1, 'memberAreaId'],
      ],
      [
        [{ memberAreaId: area.id, items: [{ collectionId: 'page-about' }] }],
        messages.onlyFoldersHoldPages,
        [0, 'items'],
      ],
    ];
    for (const [items, message, at] of refusals) {
      const res = await update(items);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues[0]).toEqual({ path: ['navigation', 'items', ...at], message });
    }
    const saved = await update([...pagesOnly, { memberAreaId: area.id }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as SiteLayoutEntry[])[0]!.links.at(-1)).toEqual({
      memberAreaId: area.id,
      title: 'Makers club',
      fullUrl: '/about',
      enabled: true,
    });
    // Once in the main menu, the footer cannot link it too.
    const footer = await update([{ memberAreaId: area.id }], 'secondaryNav');
    expect(footer.json().error.issues[0].message).toBe(messages.areaInNavigationTwice);

    const menuLink = '<a href="/about">Makers club</a>';
    const home = await new Member(site.app).get('/');
    expect(home.body).toContain(menuLink);
    // On the area's page the link is the current one.
    expect((await site.viewer.get('/about')).body).toContain(
      '<li class="active"><a href="/about" aria-current="page">Makers club</a>',
    );
    // Renaming the area renames the menu item (the area's change drops the cached home page).
    await site.owner.call('PUT', AREA(area.id), {
      name: 'Makers',
      description: area.description,
      pageIds: area.pageIds,
    });
    expect((await new Member(site.app).get('/')).body).toContain('<a href="/about">Makers</a>');
    await site.owner.call('PUT', AREA(area.id), {
      name: 'Makers club',
      description: area.description,
      pageIds: area.pageIds,
    });
  });

  it('lets the team see the page', async () => {
    const res = await site.viewer.get('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(CONTENT);
  });

  it('asks a signed-in member to verify before joining, then joins and shows the page; the cache never hands it to anyone else', async () => {
    const ada = await member('ada@example.test', false);
    const screen = await ada.get('/about');
    expect(screen.statusCode).toBe(403);
    expect(screen.body).toContain(memberAreaMessages.joinLead);
    expect(screen.body).toContain('<button class="button" type="submit">Join Makers club</button>');
    // The form carries the visitor's crumb, or a browser's plain post would be refused.
    expect(screen.body).toContain(`name="crumb" value="${ada.cookies.get('crumb')}"`);
    const unverified = await join(ada, area.id);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: memberAreaMessages.verifyFirst,
    });

    await site.database.db
      .update(siteMembers)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(siteMembers.email, 'ada@example.test'));
    expect((await join(ada, area.id)).statusCode).toBe(204);
    expect((await join(ada, area.id)).statusCode).toBe(204);
    const first = await ada.get('/about');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(CONTENT);
    expect((await ada.get('/about')).headers['x-page-cache']).toBe('hit');
    expect((await ada.get('/search?q=durable')).body).toContain('<a href="/about">About</a><p>');

    // A visitor and another signed-in member still get the join screen, whatever the cache holds.
    for (const other of [new Member(site.app), await member('bo@example.test')]) {
      const res = await other.get('/about');
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(CONTENT);
    }
    const listed = await site.owner.call('GET', MEMBER_AREAS_API.list);
    expect(listed.json().areas[0].memberCount).toBe(1);
  });

  it('joins from the plain form and goes back to the page (303); a forged crumb or an unknown area is refused', async () => {
    const cy = await member('cy@example.test');
    const crumb = cy.cookies.get('crumb')!;
    const form = (body: string, token = crumb) =>
      site.app.inject({
        method: 'POST',
        url: MEMBER_AREAS_API.join,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: [...cy.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        payload: `${body}&crumb=${token}`,
      });
    expect((await form(`areaId=${area.id}&returnTo=/about`, 'forged')).statusCode).toBe(403);
    expect((await form(`areaId=nope&returnTo=/about`)).statusCode).toBe(404);
    const joined = await form(`areaId=${area.id}&returnTo=//evil.example/`);
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe('/');
    expect((await cy.get('/about')).statusCode).toBe(200);
    // Signed out, the form sends the visitor to sign in and back.
    const visitor = new Member(site.app);
    await visitor.get('/api/crumb');
    const signedOut = await site.app.inject({
      method: 'POST',
      url: MEMBER_AREAS_API.join,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `crumb=${visitor.cookies.get('crumb')}`,
      },
      payload: `areaId=${area.id}&returnTo=/about&crumb=${visitor.cookies.get('crumb')}`,
    });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/account/login?returnTo=%2Fabout');
  });

  it("lists an area's members to the team, newest first and 50 a page without repeats when many joined in the same instant; a forged cursor is a 400", async () => {
    expect((await new Member(site.app).get(MEMBERS(area.id))).statusCode).toBe(401);
    const first = await site.viewer.call('GET', MEMBERS(area.id));
    expect(first.statusCode).toBe(200);
    expect(first.json().members.map((m: { email: string }) => m.email)).toEqual([
      'cy@example.test',
      'ada@example.test',
    ]);
    expect(first.json().next).toBeUndefined();
    expect(Number.isNaN(Date.parse(first.json().members[0].joinedAt))).toBe(false);

    // 60 more who joined in one instant: the pages split them by id, each listed once.
    const crowd = Array.from({ length: 60 }, (_, i) => ({
      id: `crowd-${String(i).padStart(2, '0')}`,
      websiteId: DEMO_WEBSITE_ID,
      email: `crowd${i}@example.test`,
      passwordHash: 'unused',
      emailVerifiedAt: new Date(),
    }));
    await site.database.db.insert(siteMembers).values(crowd);
    const instant = new Date('2020-01-01T00:00:00.123456Z');
    await site.database.db
      .insert(memberAreaMembers)
      .values(crowd.map((m) => ({ areaId: area.id, memberId: m.id, joinedAt: instant })));
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const res = await site.owner.call(
        'GET',
        `${MEMBERS(area.id)}${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json() as { members: { memberId: string }[]; next?: string };
      expect(page.members.length).toBeLessThanOrEqual(50);
      seen.push(...page.members.map((m) => m.memberId));
      after = page.next;
    } while (after);
    expect(seen).toHaveLength(62);
    expect(new Set(seen).size).toBe(62);
    expect(seen.slice(2)).toEqual(crowd.map((m) => m.id).reverse());

    for (const forged of ['nope', Buffer.from('["x","y"]').toString('base64url')]) {
      const res = await site.owner.call('GET', `${MEMBERS(area.id)}?after=${forged}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(memberAreaMessages.badCursor);
    }
    expect((await site.owner.call('GET', MEMBERS('nope'))).statusCode).toBe(404);
    await site.database.db.delete(siteMembers).where(eq(siteMembers.passwordHash, 'unused'));
  });

  it('lets a member leave from the account page (the page closes to them) and the owner take someone out; the viewer role cannot', async () => {
    const ada = new Member(site.app);
    expect((await ada.signIn({ email: 'ada@example.test', password: PASSWORD })).statusCode).toBe(200);
    const account = await ada.get('/account');
    expect(account.body).toContain('<h2 id="account-areas-title">Member areas</h2>');
    expect(account.body).toContain('<a href="/about">Makers club</a>');
    expect(account.body).toContain(
      '<button type="submit" class="button button--secondary">Leave Makers club</button>',
    );
    expect(account.body).toContain(`name="crumb" value="${ada.cookies.get('crumb')}"`);

    const left = await site.app.inject({
      method: 'POST',
      url: MEMBER_AREAS_API.leave,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...ada.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: `areaId=${area.id}&crumb=${ada.cookies.get('crumb')}`,
    });
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe('/account');
    expect((await ada.get('/about')).statusCode).toBe(403);
    expect((await ada.get('/account')).body).not.toContain('account-areas-title');
    const again = await ada.post(MEMBER_AREAS_API.leave, { areaId: area.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(memberAreaMessages.notAMember);

    const cy = new Member(site.app);
    await cy.signIn({ email: 'cy@example.test', password: PASSWORD });
    expect((await cy.get('/about')).statusCode).toBe(200);
    const [cyRow] = (await site.owner.call('GET', MEMBERS(area.id))).json().members;
    expect(cyRow.email).toBe('cy@example.test');
    expect((await site.viewer.call('DELETE', MEMBER(area.id, cyRow.memberId))).statusCode).toBe(403);
    expect((await site.owner.call('DELETE', MEMBER(area.id, cyRow.memberId))).statusCode).toBe(204);
    expect((await site.owner.call('DELETE', MEMBER(area.id, cyRow.memberId))).statusCode).toBe(404);
    expect((await cy.get('/about')).statusCode).toBe(403);
    expect((await site.owner.call('GET', MEMBERS(area.id))).json().members).toEqual([]);
  });

  it('opens the page to everyone once the owner takes it out of the area (cached join screens dropped)', async () => {
    const visitor = new Member(site.app);
    await visitor.get('/about');
    expect((await visitor.get('/about')).headers['x-page-cache']).toBe('hit');
    const changed = await site.owner.call('PUT', AREA(area.id), { name: 'Makers club', pageIds: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().pageIds).toEqual([]);
    const open = await visitor.get('/about');
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(CONTENT);
    expect((await site.owner.call('DELETE', AREA(area.id))).statusCode).toBe(204);
    expect((await site.owner.call('DELETE', AREA(area.id))).statusCode).toBe(404);
  });
});
