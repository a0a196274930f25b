import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CatalogRoute } from '../security/route-catalog';

/**
 * What the API documentation says about one route, written beside the route with the very zod
 * schemas the handler parses with, so the documentation cannot drift from what is checked.
 */
export interface RouteDoc {
  summary: string;
  description?: string;
  tags?: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent; JSON when absent. */
  bodyTypes?: ('application/json' | 'application/x-www-form-urlencoded' | 'text/plain')[];
  response?: z.ZodType;
  /** The success status; 200 when absent. */
  status?: number;
  /** What guards the call: the crumb (double-submit cookie + X-CSRF-Token), a member or an owner. */
  guard?: 'crumb' | 'member' | 'owner';
}

/** Docs by `METHOD /path/:pattern`, as the routes are registered. */
export type RouteDocs = Record<string, RouteDoc>;

type JsonSchema = Record<string, unknown>;

const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()),
});

function jsonSchema(schema: z.ZodType): JsonSchema {
  // Input shape (what a client sends); refinements and transforms have no JSON Schema form.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
const pathParams = (url: string) =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!).concat(url.endsWith('*') ? ['path'] : []);

function parameters(route: CatalogRoute, doc: RouteDoc | undefined): JsonSchema[] {
  const out: JsonSchema[] = [];
  const paramProps = (doc?.params ? jsonSchema(doc.params).properties : undefined) as
    Record<string, JsonSchema> | undefined;
  for (const name of pathParams(route.url)) {
    out.push({ name, in: 'path', required: true, schema: paramProps?.[name] ?? { type: 'string' } });
  }
  if (doc?.query) {
    const query = jsonSchema(doc.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(
      (query.properties as Record<string, JsonSchema> | undefined) ?? {},
    )) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

const GUARDS: Record<NonNullable<RouteDoc['guard']>, string> = {
  crumb:
    'Needs the crumb: the `crumb` cookie (from GET /api/crumb or any page) echoed in the X-CSRF-Token header.',
  member:
    'Needs a signed-in site member (siteUserSession cookie) and, on writes, the X-SiteUser-XSRF-Token header.',
  owner:
    'Needs a signed-in site owner (siteUserSession cookie) and, on writes, the X-SiteUser-XSRF-Token header.',
};

/**
 * An OpenAPI 3.1 document for every route in the catalog: documented routes with their schemas,
 * the others (static files, pages) with their path and the common error answer.
 */
export function buildOpenApiDocument(
  routes: readonly CatalogRoute[],
  docs: RouteDocs,
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const seen = new Set<string>();
  for (const route of routes) {
    const method = route.method.toLowerCase();
    const key = `${route.method} ${route.url}`;
    // Fastify adds a HEAD for every GET; documenting the GET says it all.
    if (method === 'head' && routes.some((r) => r.url === route.url && r.method === 'GET')) continue;
    if (seen.has(key)) continue;
    seen.add(key);
    const doc = docs[key];
    const errors = {
      description: 'Refused: `{ error: { code, message } }`',
      content: { 'application/json': { schema: jsonSchema(ErrorSchema) } },
    };
    const operation: JsonSchema = {
      operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
      summary:
        doc?.summary ??
        (route.url.startsWith('/api/') ? `${route.method} ${route.url}` : 'Site page or static file'),
      ...(doc?.description || doc?.guard
        ? {
            description: [doc.description, doc.guard ? GUARDS[doc.guard] : undefined]
              .filter(Boolean)
              .join('\n\n'),
          }
        : {}),
      tags: doc?.tags ?? [route.url.startsWith('/api/') ? (route.url.split('/')[2] ?? 'api') : 'pages'],
      parameters: parameters(route, doc),
      responses: {
        [String(doc?.status ?? 200)]: {
          description: 'Success',
          ...(doc?.response ? { content: { 'application/json': { schema: jsonSchema(doc.response) } } } : {}),
        },
        '400': errors,
        '4XX': errors,
      },
    };
    if (doc?.body) {
      const schema = jsonSchema(doc.body);
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(
          (doc.bodyTypes ?? ['application/json']).map((type) => [type, { schema }]),
        ),
      };
    }
    (paths[openApiPath(route.url)] ??= {})[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every call answers errors as `{ error: { code, message } }`. Text anywhere in a request (path, query, cookies, body) must not hold NUL characters or unpaired UTF-16 surrogates (400 INVALID_TEXT).',
    },
    paths,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /api/docs (a readable page) and GET /api/docs/openapi.json (the document). */
export function registerApiDocs(app: FastifyInstance, docs: () => RouteDocs): void {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  // Built on first use, when every route is registered.
  const current = () =>
    (document ??= buildOpenApiDocument(app.routeCatalog, docs(), {
      title: 'Site builder API',
      version: '1',
    }));

  app.get('/api/docs/openapi.json', async () => current());
  app.get('/api/docs', async (_request, reply) => {
    const doc = current();
    const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) =>
          `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(String(op.summary))}</p>` +
          (op.description ? `<p>${escapeHtml(String(op.description))}</p>` : '') +
          `<details><summary>Schema</summary><pre>${escapeHtml(JSON.stringify({ parameters: op.parameters, requestBody: op.requestBody, responses: op.responses }, null, 2))}</pre></details></section>`,
      ),
    );
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site builder API</title>` +
          `<style>body{font:14px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}h2{font-size:1rem;margin:1.5rem 0 .25rem}pre{background:#f5f5f5;padding:.5rem;overflow:auto}</style></head>` +
          `<body><h1>Site builder API</h1><p>${escapeHtml(doc.info.description)}</p><p>Machine-readable: <a href="/api/docs/openapi.json">OpenAPI 3.1 document</a>.</p>${rows.join('')}</body></html>`,
      );
  });
}
