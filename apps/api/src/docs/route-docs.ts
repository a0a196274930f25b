import { z } from 'zod';
import { activityRouteDocs } from '../activity/routes';
import { analyticsRouteDocs } from '../analytics/routes';
import { visitorRecordingRouteDocs } from '../visitor-recordings/routes';
import { cartRouteDocs } from '../commerce/cart-routes';
import { checkoutRouteDocs } from '../commerce/checkout-routes';
import { donationRouteDocs } from '../donations/routes';
import { collectionRouteDocs } from '../collections/routes';
import { editorRouteDocs } from '../editor/routes';
import { formEditorRouteDocs } from '../forms/editor-routes';
import { formRouteDocs } from '../forms/routes';
import { mailingListRouteDocs } from '../mailing-lists/routes';
import { memberAreaRouteDocs } from '../member-areas/routes';
import { siteUserRouteDocs } from '../site-users/routes';
import { ssoRouteDocs } from '../site-users/sso-routes';
import { siteRouteDocs } from '../sites/routes';
import { siteProfileRouteDocs } from '../sites/profile-routes';
import { storeAdminRouteDocs } from '../store-admin/routes';
import { orderExportRouteDocs } from '../store-admin/order-export';
import { reviewRouteDocs } from '../reviews/routes';
import { multilingualRouteDocs } from '../multilingual/routes';
import { paymentRouteDocs } from '../payments/routes';
import { addressRouteDocs } from '../address-autocomplete/routes';
import { trackingRouteDocs } from '../tracking/routes';
import type { RouteDocs } from '../http/openapi';

const misc: RouteDocs = {
  'GET /api/health': {
    summary: 'Liveness and database reachability (503 when the database is down)',
    tags: ['health'],
    response: z.object({ status: z.string(), database: z.string() }),
  },
  'GET /api/crumb': {
    summary: 'The crumb (CSRF token) for state-changing calls; also set as the crumb cookie',
    tags: ['security'],
    response: z.object({ crumb: z.string() }),
  },
  'GET /api/docs': { summary: 'This documentation, as a page', tags: ['docs'] },
  'GET /api/docs/openapi.json': { summary: 'This documentation, as an OpenAPI 3.1 document', tags: ['docs'] },
  'POST /api/site/unlock': {
    summary:
      'Unlock a lock screen: sets the lock’s cookie (form posts: 303 back to the page; JSON: 200, 401 wrong password, 429 too many attempts)',
    tags: ['pages'],
    body: z.object({
      scope: z.string(),
      password: z.string(),
      returnTo: z.string().optional(),
      crumb: z.string().optional(),
    }),
  },
  'GET /*': {
    summary: 'A site page rendered from its template (?format=json gives the page context)',
    tags: ['pages'],
    query: z.object({ format: z.enum(['json', 'json-pretty']).optional() }),
  },
};

/** Every documented route of the API, from the zod schemas its handler parses with. */
export function apiRouteDocs(): RouteDocs {
  return {
    ...misc,
    ...cartRouteDocs,
    ...checkoutRouteDocs,
    ...donationRouteDocs,
    ...paymentRouteDocs,
    ...addressRouteDocs,
    ...formRouteDocs,
    ...formEditorRouteDocs,
    ...editorRouteDocs,
    ...siteUserRouteDocs,
    ...ssoRouteDocs,
    ...trackingRouteDocs,
    ...storeAdminRouteDocs,
    ...orderExportRouteDocs,
    ...reviewRouteDocs,
    ...multilingualRouteDocs,
    ...mailingListRouteDocs,
    ...memberAreaRouteDocs,
    ...analyticsRouteDocs,
    ...visitorRecordingRouteDocs,
    ...collectionRouteDocs,
    ...siteRouteDocs,
    ...siteProfileRouteDocs,
    ...activityRouteDocs,
  };
}
