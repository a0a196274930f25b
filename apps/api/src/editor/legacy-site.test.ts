import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { migrationsFolder, themeFolder } from '../paths';

/** The migrations as they stood before the editor (0000, 0001), in a folder of their own. */
function migrationsBeforeEditor(): string {
  const folder = mkdtempSync(join(tmpdir(), 'pre-editor-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0002');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** A database seeded before migration 0002 keeps rendering after it (PGlite: the migration SQL is the same on both). */
describe('a site seeded before the editor', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema }) as unknown as Database;
  const oldMigrations = migrationsBeforeEditor();
  afterAll(async () => {
    rmSync(oldMigrations, { recursive: true, force: true });
    await client.close();
  });

  it('gets kinds, statuses and descriptions from the migration and keeps its menu', async () => {
    await migrate(db as never, { migrationsFolder: oldMigrations });
    const source = (name: string) => readFileSync(join(themeFolder, 'pages', `${name}.page`), 'utf8');
    await db.execute(sql`insert into websites (id, title) values ('old', 'Old Shop')`);
    // The layout and page template as they were seeded before the editor.
    await db.execute(sql`insert into templates (id, website_id, name, source) values
      ('t1', 'old', 'site', ${'<nav>{.repeated section navigation.items}<a href="{fullUrl}">{title}</a>{.end}</nav>{mainContent}'}),
      ('t2', 'old', 'page', ${'<h1>{collection.title}</h1>{collection.mainContent}'}),
      ('t3', 'old', 'not-found', ${source('not-found')}),
      ('t4', 'old', 'home', ${source('home')})`);
    await db.execute(sql`insert into pages (id, website_id, path, title, page_type, collection_type, template_name, navigation_index, context) values
      ('home', 'old', '/', 'Home', 2, 'page', 'home', 0, ${JSON.stringify({ description: 'Hand-made goods' })}::jsonb),
      ('shop', 'old', '/shop', 'Shop', 1, 'products', 'products-list', 1, '{}'::jsonb),
      ('about', 'old', '/about', 'About', 2, 'page', 'page', 2, ${JSON.stringify({ mainContent: '<p>Since 1990.</p>' })}::jsonb),
      ('cart', 'old', '/cart', 'Cart', 200, 'page', 'cart', null, '{}'::jsonb)`);

    await migrate(db as never, { migrationsFolder });
    const rows = await db.select().from(schema.pages).orderBy(schema.pages.id);
    expect(rows.map((r) => [r.id, r.kind, r.status, r.description, r.version])).toEqual([
      ['about', 'page', 'published', '', 0],
      ['cart', 'system', 'published', '', 0],
      ['home', 'page', 'published', 'Hand-made goods', 0],
      // Migration 0048 gives every site its "page not found" system page.
      ['old-not-found', 'system', 'published', '', 0],
      ['shop', 'collection', 'published', '', 0],
    ]);

    const app = await buildApp({
      database: {
        db,
        relaxedDb: db,
        kind: 'pglite',
        connection: { kind: 'pglite', client },
        close: async () => {},
      },
      defaultWebsiteId: 'old',
    });
    try {
      const about = await app.inject('/about');
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain(
        '<nav><a href="/">Home</a><a href="/shop">Shop</a><a href="/about">About</a></nav>',
      );
      expect(about.body).toContain('<h1>About</h1><p>Since 1990.</p>');
      expect((await app.inject('/')).body).toContain('Hand-made goods');
    } finally {
      await app.close();
    }
  });
});
