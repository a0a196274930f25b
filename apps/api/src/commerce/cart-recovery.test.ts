import { STORE_API } from '@site/commerce-core/admin';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADDRESS, Shopper, TEST_CARD } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { mailSuite } from '../../test/mail-suite';
import type { ReceivedEmail } from '../../test/smtp-sink';
import { createJobQueue, type JobQueue } from '../jobs';
import { RESTORE_PATH, sendCartRecoveryEmails, startCartRecovery, STOP_PATH } from './cart-recovery';

const targets = await databaseTargets();
const HOUR = 3600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

/**
 * Issue 24's abandoned-cart recovery, through the job queue and the mail worker to a real SMTP
 * server: exactly one email for a cart left with an email, a signed link that gives the cart back,
 * and nothing for a cart bought, a shopper who said stop, or an owner who did not opt in.
 */
describe.each(targets)('abandoned-cart recovery on $name', (target) => {
  const demo = demoSiteSuite(target);
  const { sink, delivered } = mailSuite(() => demo.database.db, { keepAcrossTests: true });
  let jobs: JobQueue | undefined;
  afterAll(async () => {
    await jobs?.stop();
  });
  /** A link in the email's text part, as a path and query on the shop's host. */
  const linkIn = (mail: ReceivedEmail, path: string) => {
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/\//g, '\\/')}\\?[^\\s"<>]+`).exec(text);
    expect(match, `a ${path} link`).not.toBeNull();
    const url = new URL(match![0]);
    return url.pathname + url.search;
  };
  const leaveCart = async (email: string, sku = 'TOTE-OLIVE') => {
    const shopper = new Shopper(demo.app);
    expect((await shopper.addToCart('prod-canvas-tote', sku, 1)).statusCode).toBe(200);
    const res = await shopper.put('/api/commerce/shopping-cart/email', { email });
    expect(res.statusCode, res.body).toBe(200);
    return shopper;
  };
  const setRecovery = async (body: Record<string, unknown>) => {
    const res = await demo.owner.call('PUT', STORE_API.commercePreferences('cartRecovery'), body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('refuses an email that is not one', async () => {
    const shopper = new Shopper(demo.app);
    await shopper.addToCart('prod-canvas-tote', 'TOTE-OLIVE', 1);
    const res = await shopper.put('/api/commerce/shopping-cart/email', { email: 'ada@' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_EMAIL');
    expect((await shopper.put('/api/commerce/shopping-cart/email', { email: 7 })).statusCode).toBe(400);
  });

  it('sends exactly one email from the job, only once opted in and the delay has passed; the link restores the cart', async () => {
    const left = await leaveCart('ann@example.com', 'TOTE-SAND');
    const buyer = await leaveCart('bo@example.com');
    const bought = await buyer.post('/api/commerce/checkout', {
      email: 'bo@example.com',
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const orderMails = (await delivered()).length;

    // Not opted in: nothing, however old the cart.
    expect(await sendCartRecoveryEmails(demo.database.db, { now: later(48) })).toBe(0);
    await setRecovery({ recoveryEnabled: true, recoveryDelayHours: 2 });
    // Opted in, but the owner's two hours have not passed.
    expect(await sendCartRecoveryEmails(demo.database.db, { now: later(1.5) })).toBe(0);

    // The job runs every 100 ms here: many runs, one email.
    jobs = await createJobQueue(demo.database, {
      retryDelaySeconds: 1,
      pollSeconds: 0.5,
      stopTimeoutMs: 1000,
    });
    await startCartRecovery({ db: demo.database.db, jobs, now: () => later(3), everyMs: 100 });
    const deadline = Date.now() + 20_000;
    while (sink.received.length < orderMails + 1) {
      if (Date.now() > deadline) throw new Error('no recovery email in 20 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    // Let the job run several more times.
    const runs = async () => {
      const result = await demo.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'cart-recovery' and state = 'completed'`,
      );
      // postgres-js answers the rows, PGlite an object holding them.
      const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
        n: number;
      }[];
      return rows[0]!.n;
    };
    const seen = await runs();
    while ((await runs()) < seen + 3) {
      if (Date.now() > deadline) throw new Error('the job did not run again');
      await new Promise((r) => setTimeout(r, 100));
    }
    const recovery = (await delivered()).slice(orderMails);
    expect(recovery.map((m) => [m.to, m.subject])).toEqual([
      [['ann@example.com'], 'You left something in your cart at Fieldnotes Supply Co.'],
    ]);
    const [mail] = recovery;
    expect(mail!.raw).toContain('Waxed Canvas Tote (Sand)');

    // Another browser (say, the phone the email was read on) follows the link.
    const phone = new Shopper(demo.app);
    const restore = await phone.get(linkIn(mail!, RESTORE_PATH));
    expect(restore.statusCode).toBe(303);
    expect(restore.headers.location).toBe('/cart');
    expect(phone.cookies.get('SiteCart')).toBe(left.cookies.get('SiteCart'));
    const cart = (await phone.get('/api/commerce/shopping-cart')).json();
    expect(cart.entries.map((e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku)).toEqual([
      'TOTE-SAND',
    ]);

    // An altered signature, or the stop link's signature on the restore path, gives nothing.
    const restorePath = linkIn(mail!, RESTORE_PATH);
    const stopSig = new URL(linkIn(mail!, STOP_PATH), 'http://x').searchParams.get('sig')!;
    for (const forged of [
      restorePath.replace(/sig=[^&]+/, 'sig=AAAA'),
      restorePath.replace(/sig=[^&]+/, `sig=${stopSig}`),
    ]) {
      const stranger = new Shopper(demo.app);
      const res = await stranger.get(forged);
      expect(res.statusCode).toBe(303);
      expect(stranger.cookies.has('SiteCart')).toBe(false);
    }
  });

  it('stops for good after the unsubscribe link, and a purchase from another cart stops it too', async () => {
    const mail = sink.received.find((m) => m.to.includes('ann@example.com'))!;
    const visitor = new Shopper(demo.app);
    const stop = await visitor.get(linkIn(mail, STOP_PATH));
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain(
      'ann@example.com will get no more emails about carts from Fieldnotes Supply Co.',
    );
    expect((await visitor.get(`${STOP_PATH}?cart=x&sig=y`)).statusCode).toBe(404);

    await leaveCart('ANN@example.com');
    // Left one cart, bought from another browser.
    await leaveCart('cy@example.com');
    const elsewhere = await leaveCart('cy@example.com', 'TOTE-SAND');
    expect(
      (
        await elsewhere.post('/api/commerce/checkout', {
          email: 'cy@example.com',
          shippingAddress: ADDRESS,
          payment: TEST_CARD,
        })
      ).statusCode,
    ).toBe(200);
    await leaveCart('dee@example.com');
    await jobs?.stop();
    jobs = undefined;
    const before = (await delivered()).length;
    expect(await sendCartRecoveryEmails(demo.database.db, { now: later(6) })).toBe(1);
    expect((await delivered()).slice(before).map((m) => m.to)).toEqual([['dee@example.com']]);
  });
});
