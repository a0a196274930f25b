import { messages, TEMPLATES_API, type TemplateSource, type TemplateSummary } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('template source editing on $name', (target) => {
  const demo = demoSiteSuite(target);

  const list = async () =>
    ((await demo.owner.get(TEMPLATES_API.list)).json() as { templates: TemplateSummary[] }).templates;
  const open = async (name: string) =>
    (await demo.owner.get(TEMPLATES_API.one(name))).json() as TemplateSource;

  it('lists the site templates with a version per source', async () => {
    const templates = await list();
    expect(templates.map((t) => t.name)).toContain('site');
    for (const t of templates) expect(t.version).toMatch(/^[0-9a-f]{32}$/);
    const site = await open('site');
    expect(site.source).toContain('{mainContent}');
    expect(site.version).toBe(templates.find((t) => t.name === 'site')!.version);
  });

  it('saves a template; the live site renders the new source at once (the page cache is dropped)', async () => {
    expect((await demo.app.inject('/')).body).not.toContain('data-edited-template');
    const site = await open('site');
    const source = site.source.replace('<body', '<body data-edited-template="yes"');
    const res = await demo.owner.call('PUT', TEMPLATES_API.one('site'), { source, version: site.version });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as TemplateSource;
    expect(saved.version).not.toBe(site.version);
    expect((await demo.app.inject('/')).body).toContain('data-edited-template="yes"');
  });

  it('refuses a save over a newer version with 409 and keeps the newer source', async () => {
    const current = await open('site');
    const res = await demo.owner.call('PUT', TEMPLATES_API.one('site'), {
      source: 'stale',
      version: 'a'.repeat(32),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'STALE_VERSION', message: messages.templateStale });
    expect((await open('site')).source).toBe(current.source);
  });

  it('refuses a source with syntax errors, each at its line and column, and writes nothing', async () => {
    const current = await open('site');
    const res = await demo.owner.call('PUT', TEMPLATES_API.one('site'), {
      source: 'line one\n  {.section x}\nno end',
      version: current.version,
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('TEMPLATE_SYNTAX');
    expect(error.message).toBe(messages.templateHasErrors(error.issues.length));
    expect(error.issues[0].path).toEqual(['source', expect.any(Number), expect.any(Number)]);
    expect(error.issues[0].path[1]).toBeGreaterThanOrEqual(2);
    expect((await open('site')).version).toBe(current.version);
  });

  it('answers 404 for a template the site does not have, and 400 for a malformed name or body', async () => {
    expect((await demo.owner.get(TEMPLATES_API.one('nope'))).statusCode).toBe(404);
    expect(
      (await demo.owner.call('PUT', TEMPLATES_API.one('nope'), { source: 'x', version: 'a'.repeat(32) }))
        .statusCode,
    ).toBe(404);
    expect((await demo.owner.get(TEMPLATES_API.one('-bad name'))).statusCode).toBe(400);
    for (const body of [
      { source: 'x' },
      { source: 1, version: 'a'.repeat(32) },
      { source: 'x'.repeat(200_001), version: 'a'.repeat(32) },
      { source: 'a\u0000b', version: 'a'.repeat(32) },
    ])
      expect((await demo.owner.call('PUT', TEMPLATES_API.one('site'), body)).statusCode).toBe(400);
  });

  it('lets viewers read but not save', async () => {
    const current = await open('site');
    expect((await demo.viewer.get(TEMPLATES_API.one('site'))).statusCode).toBe(200);
    expect(
      (
        await demo.viewer.call('PUT', TEMPLATES_API.one('site'), {
          source: current.source,
          version: current.version,
        })
      ).statusCode,
    ).toBe(403);
    expect((await demo.app.inject(TEMPLATES_API.list)).statusCode).toBe(401);
  });
});
