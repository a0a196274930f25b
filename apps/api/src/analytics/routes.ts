import { messages } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { ApiError, createRoleGuard, handle, parse, registerApiErrors } from '../http';
import { storeCurrency } from '../site/site-data';
import { websites } from '../db/schema';
import { eq } from 'drizzle-orm';
import { analyticsReport, type AnalyticsOptions } from './dashboard';
import { AnalyticsQuerySchema } from './range';

export const ANALYTICS_PATH = '/api/editor/analytics';

/** The editor's analytics screen: every role that may look at the site may read it, viewers too. */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  { db, options }: { db: Database; options?: AnalyticsOptions },
): void {
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    scope.get(
      ANALYTICS_PATH,
      { preHandler: guard.read },
      handle(async (request) => {
        const query = parse(AnalyticsQuerySchema, request.query);
        // The currency only labels the sales: the rest of the site's row (its settings) is not read.
        const [website] = await db
          .select({ currency: websites.currency })
          .from(websites)
          .where(eq(websites.id, request.site.websiteId));
        if (!website) throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
        return analyticsReport(
          db,
          request.site.websiteId,
          storeCurrency(website),
          query,
          new Date(),
          options,
        );
      }),
    );
  });
}

export const analyticsRouteDocs: RouteDocs = {
  [`GET ${ANALYTICS_PATH}`]: {
    tags: ['editor'],
    guard: 'member',
    summary:
      'Visits, unique visitors, page views, top pages and referrers, sales, funnel and web vitals p75 per page over [from, to] (at most 400 days) in a time zone',
    query: AnalyticsQuerySchema,
  },
};
