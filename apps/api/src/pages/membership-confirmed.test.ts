import { EDITOR_API, type PageDetail } from '@site/page-content';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outgoingEmails } from '../db/schema';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { Member } from '../../test/member';
import { MEMBERSHIP_CONFIRMED_PATH } from './account-pages';

const targets = await databaseTargets();
const ACCOUNT = '/api/site-users/account';
const PASSWORD = 'plum orchard 42';

describe.each(targets)('membership confirmed (page type 208) on $name', (target) => {
  const site = demoSiteSuite(target);

  const verifyToken = async (email: string) => {
    const [mail] = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.to, email))
      .orderBy(desc(outgoingEmails.createdAt));
    return /\/account\/verify\?token=([\w-]{43})/.exec(mail!.body)?.[1];
  };

  it('follows sign-up and the emailed link: signed out it asks for sign-in, unverified it sends to the account, verified it confirms the membership and lists the members-only pages', async () => {
    // The owner makes the album members-only: what the membership opens.
    const album = (await site.owner.call('GET', EDITOR_API.page('page-album'))).json() as PageDetail;
    const made = await site.owner.call('PATCH', EDITOR_API.page('page-album'), {
      version: album.version,
      status: 'private',
    });
    expect(made.statusCode).toBe(200);

    const email = 'new.member@example.test';
    const visitor = new Member(site.app);
    expect((await visitor.post(ACCOUNT, { email, password: PASSWORD, consent: true })).statusCode).toBe(202);

    const signedOut = await visitor.get(MEMBERSHIP_CONFIRMED_PATH);
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe('/account/login?returnTo=%2Faccount%2Fmembership-confirmed');

    const member = new Member(site.app);
    expect((await member.signIn({ email, password: PASSWORD })).statusCode).toBe(200);
    const unverified = await member.get(MEMBERSHIP_CONFIRMED_PATH);
    expect(unverified.statusCode).toBe(302);
    expect(unverified.headers.location).toBe('/account');

    expect((await visitor.post(`${ACCOUNT}/verify`, { token: await verifyToken(email) })).statusCode).toBe(
      200,
    );
    const confirmed = await member.get(MEMBERSHIP_CONFIRMED_PATH);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<body class="page-type-208">');
    expect(confirmed.body).toContain('<h1>Your membership is confirmed</h1>');
    expect(confirmed.body).toContain(`<strong class="account-email">${email}</strong>`);
    expect(confirmed.body).toContain(`<a href="/studio/album">${album.title}</a>`);
    expect((await member.get(`${MEMBERSHIP_CONFIRMED_PATH}?format=json`)).json().pageType).toBe(208);
    // The page it links to is open to the member, and still refused to a visitor.
    expect((await member.get('/studio/album')).statusCode).toBe(200);
    expect((await new Member(site.app).get('/studio/album')).statusCode).toBe(403);
    // Never the member's page to someone signed out.
    expect((await new Member(site.app).get(MEMBERSHIP_CONFIRMED_PATH)).statusCode).toBe(302);
  });

  it('says so when the site has no members-only page yet', async () => {
    const album = (await site.owner.call('GET', EDITOR_API.page('page-album'))).json() as PageDetail;
    await site.owner.call('PATCH', EDITOR_API.page('page-album'), {
      version: album.version,
      status: 'published',
    });
    const member = new Member(site.app);
    expect((await member.signIn({ email: 'new.member@example.test', password: PASSWORD })).statusCode).toBe(
      200,
    );
    const page = await member.get(MEMBERSHIP_CONFIRMED_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('there is no members-only page yet');
    expect(page.body).not.toContain('Open to you as a member');
  });
});
