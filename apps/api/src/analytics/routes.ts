import { messages } from '@site/page-content';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { ApiError, createRoleGuard, handle, parse, registerApiErrors } from '../http';
import { analyticsReport, SiteMissingError, type AnalyticsOptions } from './dashboard';
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
        try {
          return await analyticsReport(db, request.site.websiteId, query, new Date(), options);
        } catch (err) {
          if (err instanceof SiteMissingError)
            throw new ApiError(404, 'SITE_MISSING', messages.unableToLocateContent);
          throw err;
        }
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
