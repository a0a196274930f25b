import { randomUUID } from 'node:crypto';
import { STORE_API } from '@site/commerce-core/admin';
import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { productImports, products, siteMembers } from '../db/schema';
import { createJobQueue, type JobQueue } from '../jobs';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { PRODUCT_IMPORT_JOB } from './product-import';

const targets = await databaseTargets();

const HEADER = 'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty';

/**
 * The import as it runs in production: the upload only records the file and enqueues a pg-boss
 * job; a worker of the queue on the same database saves the products (product-import.test.ts
 * covers the rules through the in-process fallback of an app without a queue).
 */
describe.each(targets)('product import through the pg-boss job on $name', (target) => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let owner: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    jobs = await createJobQueue(database, { pollSeconds: 0.5, stopTimeoutMs: 1000, retryDelaySeconds: 1 });
    app = await buildApp({ database, jobs, writesPerMinute: 0 });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await database?.close();
  });

  // postgres-js answers the rows, PGlite an object holding them.
  const select = async <T>(query: SQL) => {
    const result = (await database.db.execute(query)) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  };
  const jobState = async (jobId: string) =>
    (await select<{ state: string }>(sql`select state from pgboss.job where id = ${jobId}`))[0]?.state;
  const finished = async (id: string) => {
    await expect
      .poll(async () => (await owner.get(STORE_API.productImport(id))).json().status, { timeout: 30_000 })
      .not.toBe('running');
    return (await owner.get(STORE_API.productImport(id))).json();
  };
  const titled = async (prefix: string) =>
    (
      await database.db
        .select({ title: products.title })
        .from(products)
        .where(and(eq(products.websiteId, DEMO_WEBSITE_ID), like(products.title, `${prefix}%`)))
        .orderBy(products.title)
    ).map((r) => r.title);

  it('answers the upload at once, and the queued job saves the products and writes down each refused row', async () => {
    const csv = [
      HEADER,
      'job-bowl,Job bowl,JOB-BOWL,18.00,4',
      'job-cup,Job cup,JOB-CUP,nine,1',
      'job-jug,Job jug,JOB-JUG,31.50,2',
    ].join('\n');
    const res = await owner.call('POST', `${STORE_API.productImports}?collectionId=page-shop`, csv, {
      'content-type': 'text/csv',
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as string;
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', progress: 100, total: 3, imported: 2 });
    expect(done.errors).toEqual([
      { row: 3, message: expect.stringMatching(/^Row 3: Variant Price "nine": /) },
    ]);
    expect(await titled('Job ')).toEqual(['Job bowl', 'Job jug']);
    // The work went through the queue, not the app's in-process fallback.
    const [job] = await select<{ id: string }>(
      sql`select id from pgboss.job where name = ${PRODUCT_IMPORT_JOB} and singleton_key = ${id}`,
    );
    await expect.poll(() => jobState(job!.id), { timeout: 10_000 }).toBe('completed');
  }, 60_000);

  it('continues a retried import after the products it had already handled, saving none twice', async () => {
    const [member] = await database.db
      .select()
      .from(siteMembers)
      .where(and(eq(siteMembers.websiteId, DEMO_WEBSITE_ID), eq(siteMembers.email, DEMO_OWNER.email)));
    const id = randomUUID();
    // As a worker that died after the first product left it: that product saved, the row at 1.
    await database.db.insert(productImports).values({
      id,
      websiteId: DEMO_WEBSITE_ID,
      collectionId: 'page-shop',
      memberId: member!.id,
      memberEmail: member!.email,
      status: 'running',
      source: [
        HEADER,
        'again-a,Again A,AGAIN-A,5,1',
        'again-b,Again B,AGAIN-B,6,1',
        'again-c,Again C,AGAIN-C,7,1',
      ].join('\n'),
      total: 3,
      processed: 1,
      imported: 1,
    });
    const retried = await jobs.enqueue(PRODUCT_IMPORT_JOB, { importId: id }, { singletonKey: id });
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', progress: 100, total: 3, imported: 3, errors: [] });
    expect(await titled('Again ')).toEqual(['Again B', 'Again C']);
    // A duplicate delivery of a finished import does nothing.
    await expect.poll(() => jobState(retried!), { timeout: 10_000 }).toBe('completed');
    const again = await jobs.enqueue(PRODUCT_IMPORT_JOB, { importId: id });
    await expect.poll(() => jobState(again!), { timeout: 10_000 }).toBe('completed');
    expect(await titled('Again ')).toEqual(['Again B', 'Again C']);
  }, 60_000);
});
