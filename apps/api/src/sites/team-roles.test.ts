import { mayDo, TEAM_ROLES } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { openMigratedPglite } from '../../test/migrated-templates';
import { guardPermission } from '../http';
import { createMember } from '../security/members';
import { seedDemoSite } from '../seed/demo-site';

const ROLES = [...TEAM_ROLES, 'customer'] as const;

/**
 * Every guarded editor call against every role, read from the route catalog and the permission
 * each guard stands for in TEAM_ROLE_RIGHTS: a role without the right gets 403 FORBIDDEN; one with
 * it reaches the call (reads) or the XSRF check (writes, sent without the token so nothing runs).
 */
describe('every editor route against every role', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const clients = new Map<string, EditorClient>();

  beforeAll(async () => {
    database = await openMigratedPglite();
    await seedDemoSite(database.db);
    app = await buildApp({ database, writesPerMinute: 0 });
    for (const role of ROLES) {
      const login = { email: `${role}@roles.test`, password: `${role}-password-2026` };
      await createMember(database.db, { websiteId: 'demo', ...login, roles: [role] });
      clients.set(role, await new EditorClient(app).signIn(login));
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const guarded = () =>
    (app?.routeCatalog ?? []).flatMap((route) => {
      const mark = [route.options.preHandler ?? []].flat().map(guardPermission).find(Boolean);
      return mark && route.method !== 'HEAD' ? [{ ...route, ...mark }] : [];
    });

  it('finds the guarded routes', () => {
    expect(guarded().length).toBeGreaterThan(50);
  });

  it('answers each role as the table says', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      const url = route.url.replaceAll(/:[A-Za-z]+/g, 'x').replace('*', 'x');
      for (const role of ROLES) {
        const client = clients.get(role)!;
        const res = await client.request(route.method as 'GET', url, route.method === 'GET' ? undefined : {});
        const allowed = mayDo([role], route.permission);
        const ok = !allowed
          ? res.statusCode === 403 && res.json().error?.code === 'FORBIDDEN'
          : route.write
            ? res.statusCode === 403 && res.json().crumbFail === true
            : res.statusCode !== 401 && res.statusCode !== 403;
        if (!ok) wrong.push(`${route.method} ${route.url} as ${role}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
