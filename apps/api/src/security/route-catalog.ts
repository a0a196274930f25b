import type { FastifyInstance, RouteOptions } from 'fastify';

/** One method of one registered route, as Fastify saw it. */
export interface CatalogRoute {
  method: string;
  /** The path pattern, with `:params` and `*`. */
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, collected as it is registered (fuzz test, API docs). */
    routeCatalog: readonly CatalogRoute[];
  }
}

/**
 * Collects every route registered after this call, in every plugin context, so tests and the API
 * documentation cover new routes without a list to keep up to date. Call it first in buildApp.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) routes.push({ method, url: options.url, options });
  });
}
