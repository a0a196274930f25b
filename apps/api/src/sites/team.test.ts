import { SITE_PROFILE_API, TEAM_API, teamMessages, type TeamView } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { EditorClient } from '../../test/editor';
import { outgoingEmails, siteMembers, teamInvitations } from '../db/schema';
import { DEMO_OWNER, DEMO_VIEWER } from '../seed/demo-site';
import { createMember } from '../security/members';

const PASSWORD = 'river-lantern-42';
const tokenIn = (body: string) => decodeURIComponent(/\/config\/join\?token=([^\s"&<]+)/.exec(body)![1]!);

describe.each(await databaseTargets())('the site team on $name', (target) => {
  const site = demoSiteSuite(target);

  const mailTo = async (to: string) => {
    const rows = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.to, to), eq(outgoingEmails.kind, 'team-invitation')));
    return rows.at(-1);
  };
  const invite = async (email: string, role: string) => {
    const res = await site.owner.call('POST', TEAM_API.invitations, { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return tokenIn((await mailTo(email.trim().toLowerCase()))!.body);
  };
  const accept = (token: string, password = PASSWORD) => {
    const invitee = new EditorClient(site.app);
    return { invitee, res: invitee.request('POST', TEAM_API.accept, { token, password }) };
  };
  const join = async (email: string, role: string) => {
    const { invitee, res } = accept(await invite(email, role));
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    invitee.xsrf = answer.json().xsrfToken;
    return invitee;
  };
  const team = async () => (await site.owner.call('GET', TEAM_API.team)).json() as TeamView;
  const memberId = async (email: string) => (await team()).members.find((m) => m.email === email)!.id;

  it('an invited editor gets an email, accepts once, edits pages, and is refused refunds and settings', async () => {
    const token = await invite('  Ed@Example.com ', 'editor');
    const mail = (await mailTo('ed@example.com'))!;
    expect(mail.subject).toContain('You are invited to');
    expect(mail.body).toContain('as Editor');
    expect(mail.body).toContain('7 days');
    expect((await team()).invitations).toMatchObject([{ email: 'ed@example.com', role: 'editor' }]);

    const { invitee: editor, res } = accept(token);
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    editor.xsrf = answer.json().xsrfToken;
    expect((await team()).members).toContainEqual(
      expect.objectContaining({ email: 'ed@example.com', role: 'editor', isYou: false }),
    );
    expect((await team()).invitations).toEqual([]);

    const pages = await editor.call('GET', '/api/editor/pages');
    expect(pages.statusCode).toBe(200);
    const refund = await editor.call('POST', '/api/editor/store/orders/any/refund-amount', { amount: '1' });
    expect(refund.statusCode).toBe(403);
    expect(refund.json().error.code).toBe('FORBIDDEN');
    expect((await editor.call('GET', SITE_PROFILE_API.profile)).statusCode).toBe(403);
    expect((await editor.call('GET', TEAM_API.team)).statusCode).toBe(403);

    // The link is spent: a second use, even with the right password, is refused.
    const again = await accept(token).res;
    expect(again.statusCode).toBe(410);
    expect(again.json().error.message).toBe(teamMessages.tokenUsed);
  });

  it.each<[string, unknown, number]>([
    ['no at sign', { email: 'nobody', role: 'editor' }, 400],
    ['no domain dot', { email: 'a@b', role: 'editor' }, 400],
    ['spaces inside', { email: 'a b@example.com', role: 'editor' }, 400],
    ['a NUL byte', { email: 'a\u0000@example.com', role: 'editor' }, 400],
    ['a lone surrogate', { email: 'a\uD800@example.com', role: 'editor' }, 400],
    ['a huge address', { email: `${'a'.repeat(300)}@example.com`, role: 'editor' }, 400],
    ['an email that is a number', { email: 42, role: 'editor' }, 400],
    ['the owner role', { email: 'o@example.com', role: 'owner' }, 400],
    ['a made-up role', { email: 'o@example.com', role: 'superuser' }, 400],
    ['an extra field', { email: 'o@example.com', role: 'viewer', roles: ['owner'] }, 400],
    ['an array', [{ email: 'o@example.com', role: 'viewer' }], 400],
  ])('refuses an invitation with %s, and queues no email', async (_, payload, status) => {
    const before = (await site.database.db.select().from(outgoingEmails)).length;
    const res = await site.owner.call('POST', TEAM_API.invitations, payload);
    expect(res.statusCode).toBe(status);
    expect((await site.database.db.select().from(outgoingEmails)).length).toBe(before);
  });

  it('refuses a second invitation to the same person and one to a team member', async () => {
    await invite('twice@example.com', 'viewer');
    const twice = await site.owner.call('POST', TEAM_API.invitations, {
      email: 'twice@example.com',
      role: 'admin',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(teamMessages.alreadyInvited);
    const member = await site.owner.call('POST', TEAM_API.invitations, {
      email: DEMO_VIEWER.email,
      role: 'admin',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe(teamMessages.alreadyMember);
  });

  it('Send again is one call: a fresh link by email, the old one void, never two waiting', async () => {
    const old = await invite('again@example.com', 'store-manager');
    const handle = (await team()).invitations.find((i) => i.email === 'again@example.com')!.id;
    const resend = () => site.owner.call('POST', TEAM_API.resend.replace(':id', handle));
    // Two clicks at once: one replaces the invitation, the other finds it already gone.
    const answers = await Promise.all([resend(), resend()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((a) => a.statusCode === 404)!.json().error.message).toBe(
      teamMessages.invitationMissing,
    );
    const waiting = (await team()).invitations.filter((i) => i.email === 'again@example.com');
    expect(waiting).toMatchObject([{ role: 'store-manager' }]);
    expect(waiting[0]!.id).not.toBe(handle);
    const mails = await site.database.db
      .select()
      .from(outgoingEmails)
      .where(and(eq(outgoingEmails.to, 'again@example.com'), eq(outgoingEmails.kind, 'team-invitation')));
    expect(mails).toHaveLength(2);
    const fresh = tokenIn(mails.at(-1)!.body);
    expect(fresh).not.toBe(old);
    expect((await accept(old).res).statusCode).toBe(400);
    expect((await accept(fresh).res).statusCode).toBe(200);
    expect((await site.viewer.call('POST', TEAM_API.resend.replace(':id', handle))).statusCode).toBe(403);
  });

  it('refuses forged, expired and revoked links, and a weak password', async () => {
    const forged = await accept('x'.repeat(43)).res;
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(teamMessages.tokenInvalid);
    expect((await accept('').res).statusCode).toBe(400);
    expect(
      (await new Shopper(site.app).request('POST', TEAM_API.accept, { token: { $ne: null } })).statusCode,
    ).toBe(400);

    const late = await invite('late@example.com', 'viewer');
    await site.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, 'late@example.com'));
    const expired = await accept(late).res;
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(teamMessages.tokenExpired);

    const weak = await invite('weak@example.com', 'viewer');
    const refused = await accept(weak, 'password').res;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors?.password ?? refused.json().error.fieldErrors?.password).toBeTruthy();
    const handle = (await team()).invitations.find((i) => i.email === 'weak@example.com')!.id;
    expect((await site.owner.call('DELETE', TEAM_API.invitation.replace(':id', handle))).statusCode).toBe(
      200,
    );
    expect((await accept(weak).res).statusCode).toBe(400);
    expect((await site.owner.call('DELETE', TEAM_API.invitation.replace(':id', handle))).statusCode).toBe(
      404,
    );
  });

  it('the join page previews a link: site, role, whether to sign in; a spent, expired or forged link is told apart', async () => {
    const preview = (token: unknown) => new Shopper(site.app).request('POST', TEAM_API.preview, { token });
    const token = await invite('preview@example.com', 'store-manager');
    const seen = await preview(token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({
      siteTitle: expect.any(String),
      email: 'preview@example.com',
      role: 'store-manager',
      hasAccount: false,
    });
    expect(seen.json().siteTitle.length).toBeGreaterThan(0);
    // Looking does not spend it.
    expect((await accept(token).res).statusCode).toBe(200);
    const used = await preview(token);
    expect([used.statusCode, used.json().error.message]).toEqual([410, teamMessages.tokenUsed]);
    const forged = await preview('y'.repeat(43));
    expect([forged.statusCode, forged.json().error.message]).toEqual([400, teamMessages.tokenInvalid]);
    for (const hostile of ['', 'a\u0000b', '\ud800', 'z'.repeat(129), { $ne: null }, ['x'], 7, null])
      expect((await preview(hostile)).statusCode, JSON.stringify(hostile)).toBe(400);
    expect((await preview('z'.repeat(5000))).statusCode).toBe(413);
    const late = await invite('late-preview@example.com', 'viewer');
    await site.database.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, 'late-preview@example.com'));
    const expired = await preview(late);
    expect([expired.statusCode, expired.json().error.message]).toEqual([410, teamMessages.tokenExpired]);
  });

  it('an existing customer joins with their own password and keeps their customer role', async () => {
    await createMember(site.database.db, {
      websiteId: 'demo',
      email: 'shopper@example.com',
      password: 'shopper-pass-2026',
      roles: ['customer'],
    });
    const token = await invite('shopper@example.com', 'store-manager');
    const wrong = await accept(token, 'not-their-password').res;
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(teamMessages.passwordWrong);
    const right = await accept(token, 'shopper-pass-2026').res;
    expect(right.statusCode, right.body).toBe(200);
    const [row] = await site.database.db
      .select({ roles: siteMembers.roles })
      .from(siteMembers)
      .where(eq(siteMembers.email, 'shopper@example.com'));
    expect(row!.roles.sort()).toEqual(['customer', 'store-manager']);
  });

  it('of two concurrent acceptances exactly one wins', async () => {
    const token = await invite('race@example.com', 'viewer');
    const answers = await Promise.all([accept(token).res, accept(token).res]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    expect(
      await site.database.db.select().from(siteMembers).where(eq(siteMembers.email, 'race@example.com')),
    ).toHaveLength(1);
  });

  it('only the owner manages the team: an admin, an editor and a viewer are refused, nothing changes', async () => {
    const admin = await join('admin@example.com', 'admin');
    const before = await team();
    const viewerId = await memberId(DEMO_VIEWER.email);
    for (const who of [admin, site.viewer]) {
      expect((await who.call('GET', TEAM_API.team)).statusCode).toBe(403);
      expect(
        (await who.call('POST', TEAM_API.invitations, { email: 'x@example.com', role: 'admin' })).statusCode,
      ).toBe(403);
      expect(
        (await who.call('PUT', TEAM_API.memberRole.replace(':id', viewerId), { role: 'admin' })).statusCode,
      ).toBe(403);
      expect((await who.call('POST', TEAM_API.transfer, { memberId: viewerId })).statusCode).toBe(403);
      expect((await who.call('DELETE', TEAM_API.member.replace(':id', viewerId))).statusCode).toBe(403);
    }
    // An admin cannot make themself owner either.
    const self = await memberId('admin@example.com');
    expect(
      (await admin.call('PUT', TEAM_API.memberRole.replace(':id', self), { role: 'owner' })).statusCode,
    ).toBe(403);
    expect(await team()).toEqual(before);
  });

  it('the owner changes a role, removes a member (their session ends), and cannot demote themself', async () => {
    const member = await join('temp@example.com', 'viewer');
    const id = await memberId('temp@example.com');
    expect((await member.call('GET', '/api/editor/pages')).statusCode).toBe(200);
    const promoted = await site.owner.call('PUT', TEAM_API.memberRole.replace(':id', id), { role: 'editor' });
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as TeamView).members.find((m) => m.id === id)!.role).toBe('editor');
    const ownerId = await memberId(DEMO_OWNER.email);
    const self = await site.owner.call('PUT', TEAM_API.memberRole.replace(':id', ownerId), {
      role: 'viewer',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(teamMessages.notYourself);
    expect((await site.owner.call('DELETE', TEAM_API.member.replace(':id', 'nobody'))).statusCode).toBe(404);

    expect((await site.owner.call('DELETE', TEAM_API.member.replace(':id', id))).statusCode).toBe(200);
    expect((await member.call('GET', '/api/editor/pages')).statusCode).toBe(401);
    expect((await team()).members.some((m) => m.id === id)).toBe(false);
  });

  it('transfers ownership: the new owner manages the team, the old one becomes an admin', async () => {
    const heir = await join('heir@example.com', 'admin');
    const heirId = await memberId('heir@example.com');
    const res = await site.owner.call('POST', TEAM_API.transfer, { memberId: heirId });
    expect(res.statusCode, res.body).toBe(200);
    expect((await site.owner.call('GET', TEAM_API.team)).statusCode).toBe(403);
    const seen = (await heir.call('GET', TEAM_API.team)).json() as TeamView;
    expect(seen.members.find((m) => m.isYou)!.role).toBe('owner');
    expect(seen.members.find((m) => m.email === DEMO_OWNER.email)!.role).toBe('admin');
    expect(seen.members.filter((m) => m.role === 'owner')).toHaveLength(1);
    // Hand it back so the site keeps its seeded owner for the other files' habits.
    const back = await heir.call('POST', TEAM_API.transfer, {
      memberId: await memberIdAs(heir, DEMO_OWNER.email),
    });
    expect(back.statusCode).toBe(200);
  });

  const memberIdAs = async (who: EditorClient, email: string) =>
    ((await who.call('GET', TEAM_API.team)).json() as TeamView).members.find((m) => m.email === email)!.id;
});
