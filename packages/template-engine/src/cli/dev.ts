/**
 * `site-template dev FOLDER [--data DATA.json] [--port 4000] [--host 127.0.0.1]`: serves a
 * template folder with local JSON data, re-reading the folder on every request and telling open
 * pages to reload when a file changes. Errors are shown in the page as file:line:column with the
 * line they point at; nothing a template or data file holds stops the server.
 *
 * DATA.json: `{ "shared": { ...context every page gets }, "pages": { "/path": { "template":
 * "home", ...context } } }`. Any path renders `?template=NAME` with the shared context. The page
 * template renders first; the layout's regions then render around it as `{mainContent}`, as on a
 * site. A theme whose template.conf names a `base` gets the base's files where it has none
 * (`--base NAME=DIR` says where the base is; by default a folder of that name beside the theme).
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { compile } from '../template';
import { readFolderChainFiles, themeFolderChain } from '../folder/read-folder';
import {
  folderPartials,
  folderSources,
  loadTemplateFolder,
  parseJsonText,
  type FolderError,
  type TemplateFolder,
} from '../folder/template-folder';

export interface DevOptions {
  folder: string;
  /** Where base themes named in template.conf live (name → folder); else beside the folder. */
  bases?: Record<string, string>;
  /** JSON data file; without one every page renders with empty data. */
  data?: string;
  port?: number;
  host?: string;
  /** When a change is seen (tests wait for it); the pages hear it as a `reload` event. */
  onChange?: (file: string) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

/** The browser end of live reload: a page reloads when the server says a file changed. */
export const RELOAD_PATH = '/__site-template/events';
const RELOAD_SCRIPT = `<script>new EventSource(${JSON.stringify(RELOAD_PATH)}).addEventListener('reload', () => location.reload());</script>`;

interface DevData {
  shared: Record<string, unknown>;
  pages: Record<string, { template?: string } & Record<string, unknown>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

async function readData(file: string | undefined, errors: FolderError[]): Promise<DevData> {
  const empty: DevData = { shared: {}, pages: {} };
  if (!file) return empty;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    errors.push({ file, kind: 'DATA_UNREADABLE', message: (e as Error).message });
    return empty;
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    errors.push({
      file,
      line: parsed.line,
      column: parsed.column,
      kind: 'DATA_INVALID',
      message: parsed.message,
    });
    return empty;
  }
  const value = parsed.value;
  if (
    !isRecord(value) ||
    (value.shared !== undefined && !isRecord(value.shared)) ||
    (value.pages !== undefined && !isRecord(value.pages))
  ) {
    errors.push({
      file,
      kind: 'DATA_INVALID',
      message: 'Expected { "shared": {...}, "pages": { "/path": { "template": "name", ... } } }',
    });
    return empty;
  }
  const pages = Object.fromEntries(
    Object.entries((value.pages as Record<string, unknown> | undefined) ?? {}).filter(([, p]) => isRecord(p)),
  ) as DevData['pages'];
  return { shared: (value.shared as Record<string, unknown> | undefined) ?? {}, pages };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The line an error points at, with a caret under its column. */
function codeFrame(source: string | undefined, e: FolderError): string {
  if (source === undefined || e.line === undefined) return '';
  const lines = source.split('\n');
  const from = Math.max(1, e.line - 2);
  const to = Math.min(lines.length, e.line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const mark = n === e.line ? '>' : ' ';
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === e.line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, (e.column ?? 1) - 1))}^`);
  }
  return `<pre class="frame">${escapeHtml(out.join('\n'))}</pre>`;
}

function errorPage(errors: readonly FolderError[], sources: Readonly<Record<string, string>>): string {
  const items = errors
    .map((e) => {
      const at = e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}` : e.file;
      return `<li><p><code class="at">${escapeHtml(at)}</code> <strong>${escapeHtml(e.kind)}</strong></p><p>${escapeHtml(e.message)}</p>${codeFrame(sources[e.file], e)}</li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Template error</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#1d1b19;color:#f4efe8}main{max-width:60rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.4rem;color:#ff9b85}ol{padding:0;list-style:none}li{border:1px solid #4a433c;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem;background:#27231f}.at{color:#ffd28a}pre{overflow-x:auto;background:#12100f;padding:.75rem;border-radius:6px;font-size:13px}</style></head>
<body><main><h1>${errors.length === 1 ? '1 template error' : `${errors.length} template errors`}</h1><p>Fix the file and save: this page reloads by itself.</p><ol>${items}</ol></main>${RELOAD_SCRIPT}</body></html>`;
}

function withReload(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + RELOAD_SCRIPT : html.slice(0, at) + RELOAD_SCRIPT + html.slice(at);
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

/** What a page render produced: the HTML or the errors that stop it. */
async function renderPath(
  options: DevOptions,
  path: string,
  query: URLSearchParams,
): Promise<{ status: number; html: string }> {
  // A theme built on a base: its files over the base's, read afresh like the rest.
  const { files, assets } = readFolderChainFiles(themeFolderChain(options.folder, options.bases));
  const { folder, errors } = loadTemplateFolder(files, assets);
  const data = await readData(options.data, errors);
  if (!folder || errors.length) return { status: 500, html: errorPage(errors, files) };

  const page = data.pages[path];
  const templateName =
    query.get('template') ?? (typeof page?.template === 'string' ? page.template : undefined);
  if (!templateName) return { status: 404, html: routeList(folder, data, path) };
  const entry = folder.templates.get(templateName);
  if (!entry) {
    return {
      status: 500,
      html: errorPage(
        [
          {
            file: options.data ?? '(data)',
            kind: 'TEMPLATE_NOT_FOUND',
            message: `No template "${templateName}" in the folder (pages/${templateName}.page?)`,
          },
        ],
        files,
      ),
    };
  }
  const partials = folderPartials(folderSources(folder));
  const context = { ...data.shared, ...page, requestPath: path };
  const renderErrors: FolderError[] = [];
  const run = (file: string, source: string, scope: unknown) => {
    const result = compile(source).render(scope, { partials });
    renderErrors.push(
      ...result.errors.map((e) => ({
        file,
        line: e.line,
        column: e.column,
        kind: e.kind,
        message: e.message,
      })),
    );
    return result.html;
  };
  const mainContent = run(entry.file, entry.source, context);
  const layout = folder.conf.layouts.default ?? Object.values(folder.conf.layouts)[0]!;
  const html = layout.regions
    .map((region) => run(`${region}.region`, files[`${region}.region`]!, { ...context, mainContent }))
    .join('');
  if (renderErrors.length) return { status: 500, html: errorPage(renderErrors, files) };
  return { status: 200, html: withReload(html) };
}

function routeList(folder: TemplateFolder, data: DevData, path: string): string {
  const links = Object.entries(data.pages)
    .map(
      ([p, page]) =>
        `<li><a href="${escapeHtml(p)}">${escapeHtml(p)}</a> — ${escapeHtml(String(page.template ?? ''))}</li>`,
    )
    .join('');
  const names = [...folder.templates.keys()].filter((n) => !n.endsWith('.block'));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not in the data file</title></head><body style="font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem">
<h1>${escapeHtml(path)} is not in the data file</h1><p>Pages of the data file:</p><ul>${links || '<li>none</li>'}</ul>
<p>Or render any template with the shared data: ${names.map((n) => `<a href="?template=${encodeURIComponent(n)}">${escapeHtml(n)}</a>`).join(', ')}.</p>${RELOAD_SCRIPT}</body></html>`;
}

/** styles/ and assets/ at the paths a site serves them (/assets/theme/styles/, /assets/theme/assets/). */
async function serveStatic(chain: readonly string[], path: string, res: ServerResponse): Promise<boolean> {
  const m = /^\/assets\/theme\/((?:styles|assets)\/.+)$/.exec(path);
  if (!m) return false;
  // The nearest theme's copy of the file, else its base's.
  const candidates = chain.map((folder) => {
    const root = resolve(folder);
    const file = normalize(join(root, decodeURIComponent(m[1]!)));
    return file.startsWith(root + sep) ? file : undefined;
  });
  if (candidates.includes(undefined)) return false;
  try {
    const file = candidates.find((f) => existsSync(f!)) ?? candidates[0]!;
    const body = await readFile(file!);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  }
  return true;
}

export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const listeners = new Set<ServerResponse>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === RELOAD_PATH) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(': connected\n\n');
      listeners.add(res);
      req.on('close', () => listeners.delete(res));
      return;
    }
    if (await serveStatic(themeFolderChain(options.folder, options.bases), url.pathname, res)) return;
    const { status, html } = await renderPath(options, url.pathname, url.searchParams);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // Never down: whatever went wrong is shown like a template error.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        errorPage(
          [
            {
              file: options.folder,
              kind: 'UNEXPECTED_ERROR',
              message: e instanceof Error ? e.message : String(e),
            },
          ],
          {},
        ),
      );
    });
  });

  let timer: NodeJS.Timeout | undefined;
  const changed = (file: string) => {
    // Editors write a file in several steps; one reload per burst.
    clearTimeout(timer);
    timer = setTimeout(() => {
      options.onChange?.(file);
      for (const res of listeners) res.write(`event: reload\ndata: ${JSON.stringify(file)}\n\n`);
    }, 50);
  };
  // The base themes' folders too: a change there changes what the theme shows.
  let watched = [options.folder];
  try {
    watched = themeFolderChain(options.folder, options.bases);
  } catch {
    // A missing base is shown in the page; the theme's own folder is still watched.
  }
  const watchers: FSWatcher[] = watched.map((folder) =>
    watch(folder, { recursive: true }, (_event, file) => changed(String(file ?? ''))),
  );
  if (options.data) watchers.push(watch(options.data, () => changed(options.data!)));
  for (const w of watchers) w.on('error', () => {});

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 4000, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: async () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      for (const res of listeners) res.end();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

const DEV_USAGE =
  'usage: site-template dev FOLDER [--data DATA.json] [--port 4000] [--host 127.0.0.1] [--base NAME=DIR ...]';

/** `site-template dev ...`: resolves once listening (the server keeps the process alive), or with exit code 2 on bad usage. */
export async function devCommand(
  argv: readonly string[],
  io: { out(t: string): void; err(t: string): void },
): Promise<{ code: number; server?: DevServer }> {
  const options: DevOptions = { folder: '' };
  try {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      const value = () => {
        const v = argv[++i];
        if (v === undefined) throw new Error(`${a} needs a value`);
        return v;
      };
      if (a === '--data') options.data = resolve(value());
      else if (a === '--port') {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error('--port takes a number from 0 to 65535');
        options.port = port;
      } else if (a === '--host') options.host = value();
      else if (a === '--base') {
        const [name, dir] = value().split(/=(.*)/s);
        if (!name || !dir) throw new Error('--base takes NAME=DIR, the folder of a base theme');
        options.bases = { ...options.bases, [name]: resolve(dir) };
      } else if (a === '-h' || a === '--help') {
        io.out(DEV_USAGE + '\n');
        return { code: 0 };
      } else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
      else if (!options.folder) options.folder = resolve(a);
      else throw new Error(`unexpected argument ${a}`);
    }
    if (!options.folder) throw new Error('expected a template folder');
    const { errors } = loadTemplateFolder(
      readFolderChainFiles(themeFolderChain(options.folder, options.bases)).files,
    );
    const server = await startDevServer({
      ...options,
      onChange: (file) => io.out(`changed ${file}: reloading\n`),
    });
    io.out(`site-template dev: serving ${options.folder} at ${server.url}\n`);
    if (errors.length) io.out(`${errors.length} error(s) in the folder: open the page to see them\n`);
    return { code: 0, server };
  } catch (e) {
    io.err(`site-template dev: ${(e as Error).message}\n${DEV_USAGE}\n`);
    return { code: 2 };
  }
}
