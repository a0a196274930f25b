import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devCommand, RELOAD_PATH, startDevServer, type DevServer } from '../cli/dev';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-template-dev-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const theme = {
  'template.conf': JSON.stringify({
    name: 'Dev',
    layouts: { default: { name: 'Default', regions: ['site'] } },
    stylesheets: ['theme.css'],
  }),
  'site.region': '<!doctype html><html><body><header>{website.siteTitle}</header>{mainContent}</body></html>',
  'pages/home.page': '<h1>{title}</h1>\n{@|apply card.block}',
  'blocks/card.block': '<p class="card">{blurb}</p>',
  'styles/theme.css': 'h1 { color: teal; }',
};
const data = {
  shared: { website: { siteTitle: 'Local Shop' } },
  pages: { '/': { template: 'home', title: 'Welcome', blurb: 'Hand-made' } },
};

/** Opens the reload stream and resolves on its first `reload` event. */
async function nextReload(url: string): Promise<{ wait: Promise<string>; stop: () => void }> {
  const controller = new AbortController();
  const res = await fetch(url + RELOAD_PATH, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const wait = (async () => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream closed');
      text += decoder.decode(value);
      const m = /event: reload\ndata: (.*)\n\n/.exec(text);
      if (m) return JSON.parse(m[1]!) as string;
    }
  })();
  return { wait, stop: () => controller.abort() };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('site-template dev', () => {
  let dir: string;
  let server: DevServer;
  const get = async (path: string) => {
    const res = await fetch(server.url + path);
    return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
  };

  beforeAll(async () => {
    dir = folder({ ...theme, 'dev.json': JSON.stringify(data) });
    server = await startDevServer({ folder: dir, data: join(dir, 'dev.json'), port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a page of the data file inside the layout, with its blocks and a reload script', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<header>Local Shop</header><h1>Welcome</h1>\n<p class="card">Hand-made</p>');
    expect(page.body).toContain(RELOAD_PATH);
    expect((await get('/assets/theme/styles/theme.css')).body).toBe('h1 { color: teal; }');
    expect((await get('/assets/theme/styles/../template.conf')).status).not.toBe(200);
  });

  it('lists the data file pages for a path it does not know, and renders any template by name', async () => {
    const missing = await get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('href="/"');
    expect((await get('/nowhere?template=home')).body).toContain('<header>Local Shop</header><h1></h1>');
  });

  it('shows a syntax error at its file, line and column, sends a reload on save, and recovers once fixed', async () => {
    const reload = await nextReload(server.url);
    writeFileSync(join(dir, 'pages/home.page'), '<h1>{title}</h1>\n  {.section title}unclosed');
    expect(await reload.wait).toContain('home.page');
    reload.stop();
    const broken = await get('/');
    expect(broken.status).toBe(500);
    expect(broken.type).toContain('text/html');
    expect(broken.body).toMatch(/pages\/home\.page:2:3<\/code> <strong>SYNTAX_ERROR/);
    expect(broken.body).toContain('&gt; 2 |   {.section title}unclosed');

    writeFileSync(join(dir, 'pages/home.page'), theme['pages/home.page']);
    const fixed = await until(
      () => get('/'),
      (r) => r.status === 200,
    );
    expect(fixed.body).toContain('<h1>Welcome</h1>');
  });

  it('reports a missing block by name at its place', async () => {
    writeFileSync(join(dir, 'pages/home.page'), '<h1>{title}</h1>\n{@|apply gone.block}');
    const page = await get('/');
    expect(page.status).toBe(500);
    expect(page.body).toContain('pages/home.page:2:10</code> <strong>PARTIAL_NOT_FOUND');
    writeFileSync(join(dir, 'pages/home.page'), theme['pages/home.page']);
  });

  it('shows render errors (an unknown formatter) and bad data without going down', async () => {
    writeFileSync(join(dir, 'pages/home.page'), '<h1>{title|shout}</h1>');
    expect((await get('/')).body).toContain('pages/home.page:1:5</code> <strong>FORMATTER_UNKNOWN');
    writeFileSync(join(dir, 'pages/home.page'), theme['pages/home.page']);

    writeFileSync(join(dir, 'dev.json'), '{"pages": {"/": ');
    const bad = await get('/');
    expect(bad.status).toBe(500);
    expect(bad.body).toContain('DATA_INVALID');
    rmSync(join(dir, 'template.conf'));
    expect((await get('/')).body).toContain('CONF_MISSING');
    writeFileSync(join(dir, 'template.conf'), theme['template.conf']);
    writeFileSync(join(dir, 'dev.json'), JSON.stringify(data));
    expect((await get('/')).status).toBe(200);
  });
});

describe('site-template dev with a base theme', () => {
  let server: DevServer | undefined;
  const get = async (path: string) => {
    const res = await fetch(server!.url + path);
    return { status: res.status, body: await res.text() };
  };
  it('serves a theme over its base: its own templates and styles first, the base filling the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'site-template-base-'));
    const write = (at: string, files: Record<string, string>) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, at, path)), { recursive: true });
        writeFileSync(join(root, at, path), text);
      }
    };
    write('plain', { ...theme, 'dev.json': JSON.stringify(data) });
    // A theme beside its base carries only what it changes.
    write('bold', {
      'template.conf': JSON.stringify({ ...JSON.parse(theme['template.conf']), name: 'Bold', base: 'plain' }),
      'blocks/card.block': '<p class="card card--bold">{blurb}</p>',
      'styles/theme.css': 'h1 { color: crimson; }',
    });
    // One further away, found through --base.
    write('elsewhere/loud', {
      'template.conf': JSON.stringify({ ...JSON.parse(theme['template.conf']), name: 'Loud', base: 'bold' }),
      'pages/home.page': '<h1 class="loud">{title}</h1>\n{@|apply card.block}',
    });
    const start = (name: string, bases?: Record<string, string>) =>
      startDevServer({ folder: join(root, name), bases, data: join(root, 'plain/dev.json'), port: 0 });
    try {
      server = await start('bold');
      const page = await get('/');
      expect(page.status).toBe(200);
      expect(page.body).toContain(
        '<header>Local Shop</header><h1>Welcome</h1>\n<p class="card card--bold">Hand-made</p>',
      );
      expect((await get('/assets/theme/styles/theme.css')).body).toBe('h1 { color: crimson; }');
      await server.close();

      server = await start('elsewhere/loud', { bold: join(root, 'bold') });
      expect((await get('/')).body).toContain('<h1 class="loud">Welcome</h1>\n<p class="card card--bold">');
      await server.close();

      // A base that is nowhere is said in the page, and the server stays up.
      server = await start('elsewhere/loud');
      const missing = await get('/');
      expect(missing.status).toBe(500);
      expect(missing.body).toContain('base theme &quot;bold&quot; not found');
      expect(missing.body).toContain('--base bold=DIR');
    } finally {
      await server?.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes --base NAME=DIR on the command line and refuses a malformed one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'site-template-base-cli-'));
    mkdirSync(join(root, 'base'));
    mkdirSync(join(root, 'child'));
    for (const [p, t] of Object.entries(theme)) {
      mkdirSync(dirname(join(root, 'base', p)), { recursive: true });
      writeFileSync(join(root, 'base', p), t);
    }
    writeFileSync(
      join(root, 'child/template.conf'),
      JSON.stringify({ ...JSON.parse(theme['template.conf']), base: 'fieldnotes' }),
    );
    let out = '';
    let err = '';
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    const bad = await devCommand([join(root, 'child'), '--base', 'fieldnotes'], io);
    expect(bad.code).toBe(2);
    expect(err).toContain('--base takes NAME=DIR');
    const ok = await devCommand(
      [join(root, 'child'), '--base', `fieldnotes=${join(root, 'base')}`, '--port', '0'],
      io,
    );
    try {
      expect(ok.code).toBe(0);
      expect(out).toContain('site-template dev: serving');
      expect(out).not.toContain('error(s)');
      const res = await fetch(ok.server!.url + '/?template=home');
      expect(await res.text()).toContain('<header></header><h1></h1>');
    } finally {
      await ok.server?.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('site-template dev command line', () => {
  it('starts on a free port and prints its address; bad usage exits 2', async () => {
    const dir = folder(theme);
    let out = '';
    let err = '';
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    const { code, server } = await devCommand([dir, '--port', '0'], io);
    try {
      expect(code).toBe(0);
      expect(out).toMatch(/serving .* at http:\/\/127\.0\.0\.1:\d+/);
      expect((await fetch(server!.url + '/?template=home')).status).toBe(200);
    } finally {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await devCommand([], io)).code).toBe(2);
    expect((await devCommand(['/no/such/folder'], io)).code).toBe(2);
    expect((await devCommand([dir, '--port', 'x'], io)).code).toBe(2);
    expect(err).toContain('usage: site-template dev');
  });
});
