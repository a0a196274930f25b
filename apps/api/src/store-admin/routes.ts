import {
  DiscountDraftSchema,
  DiscountListQuerySchema,
  DonationListQuerySchema,
  DonationListSchema,
  DonationRowSchema,
  RootCategoryCreateSchema,
  StoreCollectionCreateSchema,
} from '@site/commerce-core';
import {
  adminMessages,
  AdminProductSaveSchema,
  FulfilOrderSchema,
  OrderListQuerySchema,
  ProductListQuerySchema,
  ProductPreviewQuerySchema,
  RefundAmountSchema,
  RefundLineSchema,
  ShopEmailTemplateSchema,
  StockUpdateSchema,
  StoreCurrencyChangeSchema,
  PRODUCT_IMPORT_MAX_BYTES,
  productImportMessages,
} from '@site/commerce-core/admin';
import { itemSeoSchema, messages as pageMessages, PRODUCT_SEO_ROUTE } from '@site/page-content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PaymentProvider } from '../commerce/payments';
import type { Database } from '../db/client';
import type { JobQueue } from '../jobs';
import type { RouteDocs } from '../http/openapi';
import {
  ApiError,
  createRoleGuard,
  guardedMember,
  handle,
  MAX_BODY_BYTES,
  parse,
  registerApiErrors,
} from '../http';
import { loadWebsite, storeCurrency } from '../site/site-data';
import {
  latestProductImport,
  PRODUCT_IMPORT_JOB,
  runProductImport,
  startProductImport,
} from './product-import';
import { taxReport, taxReportCsv } from './tax-report';
import { donationsCsv, refundDonation } from './donations';
import { listDonations } from '../donations/donation-store';
import { importInventoryCsv, InventoryQuerySchema, inventoryCsv, listInventory, setStock } from './inventory';
import {
  cancelOrder,
  fulfilOrder,
  getOrder,
  listOrders,
  ordersCsv,
  refundAmount,
  refundLine,
} from './orders';
import { cancelOwnerSubscription, resumeOwnerSubscription } from './subscriptions';
import { namespaceOf, readPreferences, writePreferences } from './preferences';
import { changeStoreCurrency, readStoreCurrency } from './store-currency';
import { previewProduct } from './product-preview';
import {
  deleteProduct,
  getProduct,
  listProducts,
  saveProduct,
  saveProductSeo,
  setProductEnabled,
} from './products';
import { createRootCategory, createStore, listStores } from './stores';
import { archiveDiscount, createDiscount, listDiscounts, updateDiscount } from './discounts';
import {
  listShopEmails,
  previewShopEmail,
  saveShopEmail,
  sendTestShopEmail,
  shopEmailKindOf,
} from './email-templates';
import type { SiteStylesheets } from '../site/site-stylesheet';

export interface StoreAdminRouteOptions {
  db: Database;
  paymentProviders: ReadonlyMap<string, PaymentProvider>;
  /** Where a resumed subscription's next renewal is scheduled, when there is a queue. */
  jobs?: JobQueue;
  /** The site's stylesheet of each theme, which a product preview links like the storefront does. */
  stylesheets: () => Pick<SiteStylesheets, 'url'>;
}

const CONTENT_SERVICE = '/api/content-service/product/1.1/websites/:websiteId/products';
const PREFERENCES = '/api/v1/commerce-preferences/:namespace';
const STORE = '/api/editor/store';
const ProductImportQuery = z.object({ collectionId: z.string().min(1).max(200) });

const SiteParams = z.object({ websiteId: z.string().max(200) });
const CategoryParams = SiteParams.extend({ collectionId: z.string().max(200) });
const NamespaceParams = z.object({ namespace: z.string().max(100) });
const IdParams = z.object({ id: z.string().max(200) });
const KindParams = z.object({ kind: z.string().max(100) });
const VersionQuery = z.object({
  version: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});
const EnabledBody = z.strictObject({ version: z.number().int().min(0), enabled: z.boolean() });
const OrderFilterQuery = OrderListQuerySchema.omit({ cursor: true, limit: true });

/**
 * The store admin calls (platform.md §7 and ours): the editor's guard (a member session; viewer
 * reads, owner/admin/editor write with the X-SiteUser-XSRF-Token) and the editor's error shape.
 */
export function registerStoreAdminRoutes(
  app: FastifyInstance,
  { db, paymentProviders, jobs, stylesheets }: StoreAdminRouteOptions,
): void {
  void jobs?.work<{ importId: string }>(PRODUCT_IMPORT_JOB, (job) =>
    runProductImport(db, job.payload.importId),
  );
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.store, bodyLimit: MAX_BODY_BYTES };
    const manage = { preHandler: guard.manage, bodyLimit: MAX_BODY_BYTES };
    const currency = async (request: FastifyRequest) => {
      const website = await loadWebsite(db, request.site.websiteId);
      if (!website) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
      return storeCurrency(website);
    };
    // A path naming another site than the request's names nothing here.
    const sameSite = (request: FastifyRequest) => {
      if (parse(SiteParams, request.params).websiteId !== request.site.websiteId)
        throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
    };
    const id = (request: FastifyRequest) => parse(IdParams, request.params).id;
    const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
    // The draft's product page without the storefront's scripts: the editor shows it in a frame
    // that runs none. A write call (editing role and XSRF token), though it saves nothing.
    const preview = async (request: FastifyRequest, productId: string | undefined) => {
      const member = guardedMember(request);
      const viewer = {
        member: true,
        account: { id: member.id, roles: member.roles },
        now: new Date(),
        origin: origin(request),
      };
      const input = parse(AdminProductSaveSchema, request.body);
      const { language } = parse(ProductPreviewQuerySchema, request.query);
      return previewProduct(
        db,
        request.site.websiteId,
        await currency(request),
        productId,
        input,
        { stylesheets: stylesheets(), js: [] },
        viewer,
        language,
      );
    };

    scope.post(
      CONTENT_SERVICE,
      write,
      handle(async (request, reply) => {
        sameSite(request);
        return reply
          .status(201)
          .send(
            await createStore(db, request.site.websiteId, parse(StoreCollectionCreateSchema, request.body)),
          );
      }),
    );
    scope.post(
      `${CONTENT_SERVICE}/:collectionId/categories`,
      write,
      handle(async (request, reply) => {
        sameSite(request);
        const { collectionId } = parse(CategoryParams, request.params);
        return reply
          .status(201)
          .send(
            await createRootCategory(
              db,
              request.site.websiteId,
              collectionId,
              parse(RootCategoryCreateSchema, request.body),
            ),
          );
      }),
    );

    scope.get(
      PREFERENCES,
      read,
      handle(async (request) =>
        readPreferences(
          db,
          request.site.websiteId,
          namespaceOf(parse(NamespaceParams, request.params).namespace),
        ),
      ),
    );
    scope.put(
      PREFERENCES,
      write,
      handle(async (request) =>
        writePreferences(
          db,
          request.site.websiteId,
          namespaceOf(parse(NamespaceParams, request.params).namespace),
          request.body,
        ),
      ),
    );

    scope.get(
      `${STORE}/currency`,
      read,
      handle(async (request) => readStoreCurrency(db, request.site.websiteId)),
    );
    scope.put(
      `${STORE}/currency`,
      manage,
      handle(async (request) => changeStoreCurrency(db, request.site.websiteId, request.body)),
    );

    scope.get(
      `${STORE}/discounts`,
      read,
      handle(async (request) =>
        listDiscounts(db, request.site.websiteId, parse(DiscountListQuerySchema, request.query)),
      ),
    );
    scope.post(
      `${STORE}/discounts`,
      write,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(await createDiscount(db, request.site.websiteId, parse(DiscountDraftSchema, request.body))),
      ),
    );
    scope.put(
      `${STORE}/discounts/:id`,
      write,
      handle(async (request) =>
        updateDiscount(db, request.site.websiteId, id(request), parse(DiscountDraftSchema, request.body)),
      ),
    );
    const kind = (request: FastifyRequest) => shopEmailKindOf(parse(KindParams, request.params).kind);
    scope.get(
      `${STORE}/emails`,
      read,
      handle(async (request) => ({
        emails: await listShopEmails(db, request.site.websiteId, origin(request)),
      })),
    );
    scope.put(
      `${STORE}/emails/:kind`,
      write,
      handle(async (request) =>
        saveShopEmail(db, request.site.websiteId, kind(request), request.body ?? {}, origin(request)),
      ),
    );
    scope.delete(
      `${STORE}/emails/:kind`,
      write,
      handle(async (request) =>
        saveShopEmail(db, request.site.websiteId, kind(request), undefined, origin(request)),
      ),
    );
    // Renders a draft without saving it: a write call, like the product preview.
    scope.post(
      `${STORE}/emails/:kind/preview`,
      write,
      handle(async (request) =>
        previewShopEmail(db, request.site.websiteId, kind(request), request.body ?? {}, origin(request)),
      ),
    );
    scope.post(
      `${STORE}/emails/:kind/test`,
      write,
      handle(async (request, reply) =>
        reply
          .status(202)
          .send(
            await sendTestShopEmail(
              db,
              request.site.websiteId,
              kind(request),
              guardedMember(request).email,
              origin(request),
            ),
          ),
      ),
    );
    scope.post(
      `${STORE}/discounts/:id/archive`,
      write,
      handle(async (request) => archiveDiscount(db, request.site.websiteId, id(request))),
    );

    scope.get(
      `${STORE}/collections`,
      read,
      handle(async (request) => ({ stores: await listStores(db, request.site.websiteId) })),
    );
    scope.get(
      `${STORE}/products`,
      read,
      handle(async (request) =>
        listProducts(
          db,
          request.site.websiteId,
          await currency(request),
          parse(ProductListQuerySchema, request.query),
        ),
      ),
    );
    scope.post(
      `${STORE}/products`,
      write,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(
            await saveProduct(
              db,
              request.site.websiteId,
              await currency(request),
              undefined,
              parse(AdminProductSaveSchema, request.body),
              guardedMember(request),
            ),
          ),
      ),
    );
    scope.post(
      `${STORE}/products/preview`,
      write,
      handle(async (request) => preview(request, undefined)),
    );
    scope.post(
      `${STORE}/products/:id/preview`,
      write,
      handle(async (request) => preview(request, id(request))),
    );
    scope.get(
      `${STORE}/products/:id`,
      read,
      handle(async (request) => getProduct(db, request.site.websiteId, id(request), await currency(request))),
    );
    scope.put(
      `${STORE}/products/:id`,
      write,
      handle(async (request) =>
        saveProduct(
          db,
          request.site.websiteId,
          await currency(request),
          id(request),
          parse(AdminProductSaveSchema, request.body),
          guardedMember(request),
        ),
      ),
    );
    scope.patch(
      `${STORE}/products/:id`,
      write,
      handle(async (request) => {
        const body = parse(EnabledBody, request.body);
        await setProductEnabled(db, request.site.websiteId, id(request), body.version, body.enabled);
        return getProduct(db, request.site.websiteId, id(request), await currency(request));
      }),
    );
    scope.put(
      PRODUCT_SEO_ROUTE,
      write,
      handle(async (request) =>
        saveProductSeo(
          db,
          request.site.websiteId,
          id(request),
          parse(itemSeoSchema, request.body),
          await currency(request),
        ),
      ),
    );
    scope.delete(
      `${STORE}/products/:id`,
      write,
      handle(async (request, reply) => {
        await deleteProduct(
          db,
          request.site.websiteId,
          id(request),
          parse(VersionQuery, request.query).version,
        );
        return reply.status(204).send();
      }),
    );

    scope.get(
      `${STORE}/inventory`,
      read,
      handle(async (request) =>
        listInventory(
          db,
          request.site.websiteId,
          await currency(request),
          parse(InventoryQuerySchema, request.query),
        ),
      ),
    );
    scope.get(
      `${STORE}/inventory.csv`,
      read,
      handle(async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="inventory.csv"')
          .send(inventoryCsv(db, request.site.websiteId)),
      ),
    );
    // Only this scope reads CSV bodies: the import is a file the owner edited in a spreadsheet.
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      `${STORE}/inventory.csv`,
      write,
      handle(async (request) => {
        if (typeof request.body !== 'string')
          throw new ApiError(415, 'CSV_EXPECTED', adminMessages.csvExpected);
        return importInventoryCsv(db, request.site.websiteId, request.body);
      }),
    );
    scope.post(
      `${STORE}/product-imports`,
      // A little over the file limit, so the import's own check answers in the owner's words.
      { ...write, bodyLimit: PRODUCT_IMPORT_MAX_BYTES + 1024 },
      handle(async (request, reply) => {
        if (typeof request.body !== 'string')
          throw new ApiError(415, 'CSV_EXPECTED', productImportMessages.expected);
        const { collectionId } = parse(ProductImportQuery, request.query);
        const started = await startProductImport(
          db,
          jobs,
          request.site.websiteId,
          await currency(request),
          collectionId,
          guardedMember(request),
          request.body,
        );
        return reply.status(202).send(started);
      }),
    );
    scope.get(
      `${STORE}/product-imports/latest`,
      read,
      handle(async (request) => ({ import: await latestProductImport(db, request.site.websiteId) })),
    );
    scope.get(
      `${STORE}/product-imports/:id`,
      read,
      handle(async (request) => latestProductImport(db, request.site.websiteId, id(request))),
    );
    scope.patch(
      `${STORE}/variants/:id/stock`,
      write,
      handle(async (request) =>
        setStock(
          db,
          request.site.websiteId,
          id(request),
          parse(StockUpdateSchema, request.body),
          await currency(request),
        ),
      ),
    );

    scope.get(
      `${STORE}/orders`,
      read,
      handle(async (request) =>
        listOrders(db, request.site.websiteId, parse(OrderListQuerySchema, request.query)),
      ),
    );
    scope.get(
      `${STORE}/orders.csv`,
      read,
      handle(async (request, reply) => {
        // Parsed before the CSV headers are set: a refused query must still answer as JSON, not 500.
        const csv = ordersCsv(db, request.site.websiteId, parse(OrderFilterQuery, request.query));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orders.csv"')
          .send(csv);
      }),
    );
    scope.get(
      `${STORE}/donations`,
      read,
      handle(async (request) =>
        listDonations(db, request.site.websiteId, parse(DonationListQuerySchema, request.query)),
      ),
    );
    scope.get(
      `${STORE}/donations.csv`,
      read,
      handle(async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="donations.csv"')
          .send(donationsCsv(db, request.site.websiteId)),
      ),
    );
    scope.post(
      `${STORE}/donations/:id/refund`,
      manage,
      handle(async (request) =>
        refundDonation(
          db,
          request.site.websiteId,
          id(request),
          parse(RefundAmountSchema, request.body),
          paymentProviders,
          guardedMember(request),
        ),
      ),
    );
    scope.get(
      `${STORE}/tax-report.csv`,
      read,
      handle(async (request, reply) => {
        const website = await loadWebsite(db, request.site.websiteId);
        if (!website) throw new ApiError(404, 'SITE_MISSING', pageMessages.unableToLocateContent);
        const rows = await taxReport(db, website.id, website.timeZone);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="tax-report.csv"')
          .send(taxReportCsv(rows, storeCurrency(website)));
      }),
    );
    scope.get(
      `${STORE}/orders/:id`,
      read,
      handle(async (request) => getOrder(db, request.site.websiteId, id(request))),
    );
    scope.post(
      `${STORE}/orders/:id/fulfil`,
      write,
      handle(async (request) =>
        fulfilOrder(
          db,
          request.site.websiteId,
          id(request),
          parse(FulfilOrderSchema, request.body),
          origin(request),
        ),
      ),
    );
    scope.post(
      `${STORE}/orders/:id/cancel`,
      manage,
      handle(async (request) =>
        cancelOrder(db, request.site.websiteId, id(request), paymentProviders, guardedMember(request)),
      ),
    );
    scope.post(
      `${STORE}/orders/:id/refund`,
      manage,
      handle(async (request) =>
        refundLine(
          db,
          request.site.websiteId,
          id(request),
          parse(RefundLineSchema, request.body),
          paymentProviders,
          guardedMember(request),
        ),
      ),
    );
    scope.post(
      `${STORE}/orders/:id/refund-amount`,
      manage,
      handle(async (request) =>
        refundAmount(
          db,
          request.site.websiteId,
          id(request),
          parse(RefundAmountSchema, request.body),
          paymentProviders,
          guardedMember(request),
        ),
      ),
    );
    scope.post(
      `${STORE}/subscriptions/:id/resume`,
      manage,
      handle(async (request) =>
        resumeOwnerSubscription(
          db,
          { providers: paymentProviders, jobs },
          request.site.websiteId,
          id(request),
        ),
      ),
    );
    scope.post(
      `${STORE}/subscriptions/:id/cancel`,
      manage,
      handle(async (request) => cancelOwnerSubscription(db, request.site.websiteId, id(request))),
    );
  });
}

const guarded = { tags: ['store admin'], guard: 'member' as const };
/** Reads need a viewer or an editing role; writes an editing role and the XSRF header. */
export const storeAdminRouteDocs: RouteDocs = {
  [`POST ${CONTENT_SERVICE}`]: {
    ...guarded,
    summary: 'Create a store: a products collection page at /<urlId>, linked in the main navigation (201)',
    params: SiteParams,
    body: StoreCollectionCreateSchema,
    status: 201,
  },
  [`POST ${CONTENT_SERVICE}/:collectionId/categories`]: {
    ...guarded,
    summary: "Create a store's root category (201; 409 when it has one)",
    params: CategoryParams,
    body: RootCategoryCreateSchema,
    status: 201,
  },
  [`GET ${PREFERENCES}`]: {
    ...guarded,
    summary:
      'Commerce preferences of a namespace (checkout, tax, shipping, currency, instalments, notifications)',
    params: NamespaceParams,
  },
  [`PUT ${PREFERENCES}`]: {
    ...guarded,
    summary: 'Replace the preferences of a namespace; websiteId and empty values are dropped',
    params: NamespaceParams,
  },
  [`GET ${STORE}/currency`]: {
    ...guarded,
    summary: 'The store currency and the number of orders placed so far',
  },
  [`PUT ${STORE}/currency`]: {
    ...guarded,
    summary:
      'Change the store currency (owner or admin). Orders keep theirs; once there are orders the change needs confirmed: true (409 otherwise)',
    body: StoreCurrencyChangeSchema,
  },
  [`GET ${STORE}/collections`]: { ...guarded, summary: 'The stores of the site' },
  [`GET ${STORE}/discounts`]: {
    ...guarded,
    summary:
      "Discount codes and automatic discounts with their uses and revenue, archived ones last, 50 a page: `cursor` is the last page's `nextCursor`",
    query: DiscountListQuerySchema,
  },
  [`POST ${STORE}/discounts`]: {
    ...guarded,
    summary: 'Create a discount (201; 409 when another discount has the code)',
    body: DiscountDraftSchema,
    status: 201,
  },
  [`PUT ${STORE}/discounts/:id`]: {
    ...guarded,
    summary: 'Replace a discount; 409 for an archived one or a code in use',
    params: IdParams,
    body: DiscountDraftSchema,
  },
  [`POST ${STORE}/discounts/:id/archive`]: {
    ...guarded,
    summary: 'Archive a discount: it stops applying and keeps its uses and revenue',
    params: IdParams,
  },
  [`GET ${STORE}/products`]: {
    ...guarded,
    summary: 'Products: search, filter by type, category and stock, sort, cursor pages',
    query: ProductListQuerySchema,
  },
  [`POST ${STORE}/products`]: {
    ...guarded,
    summary: 'Create a product with its variants (201)',
    body: AdminProductSaveSchema,
    status: 201,
  },
  [`POST ${STORE}/products/preview`]: {
    ...guarded,
    summary:
      'The product page of an unsaved new product, as the storefront would render it ({ html }), in an added language with ?language=; saves nothing',
    query: ProductPreviewQuerySchema,
    body: AdminProductSaveSchema,
  },
  [`POST ${STORE}/products/:id/preview`]: {
    ...guarded,
    summary:
      "The product page of a product's unsaved changes, as the storefront would render it ({ html }), in an added language with ?language=; saves nothing",
    params: IdParams,
    query: ProductPreviewQuerySchema,
    body: AdminProductSaveSchema,
  },
  [`GET ${STORE}/products/:id`]: { ...guarded, summary: 'One product with its variants', params: IdParams },
  [`PUT ${STORE}/products/:id`]: {
    ...guarded,
    summary:
      'Save a product and its variants; 409 on a stale version. The view-only keys of GET (id, imageUrl, createdAt, tags, categories) are accepted and ignored: tags are saved by PUT …/products/:id/tags',
    params: IdParams,
    body: AdminProductSaveSchema,
  },
  [`PUT ${PRODUCT_SEO_ROUTE}`]: {
    ...guarded,
    summary:
      "Replace a product's search result and social card settings (SEO title, description, social image, hidden from search engines); answers the product",
    params: IdParams,
    body: itemSeoSchema,
  },
  [`PATCH ${STORE}/products/:id`]: {
    ...guarded,
    summary: 'Enable or disable a product; 409 on a stale version',
    params: IdParams,
    body: EnabledBody,
  },
  [`DELETE ${STORE}/products/:id`]: {
    ...guarded,
    summary: 'Delete a product (204); 409 on a stale version',
    params: IdParams,
    query: VersionQuery,
    status: 204,
  },
  [`GET ${STORE}/inventory`]: {
    ...guarded,
    summary: 'Stock of every variant, by product title',
    query: InventoryQuerySchema,
  },
  [`GET ${STORE}/inventory.csv`]: {
    ...guarded,
    summary: 'Stock of every variant as CSV (Product, SKU, Options, Stock)',
  },
  [`POST ${STORE}/product-imports`]: {
    ...guarded,
    summary:
      "Start a product import from a text/csv body in Shopify's product CSV shape into the store ?collectionId= (202 with its progress); a file that cannot be one answers 400/413 at once",
    query: ProductImportQuery,
    status: 202,
  },
  [`GET ${STORE}/product-imports/latest`]: {
    ...guarded,
    summary: "The site's latest product import: progress, products imported, refused rows with reasons",
  },
  [`GET ${STORE}/product-imports/:id`]: {
    ...guarded,
    summary: 'One product import: progress, products imported, refused rows with reasons',
  },
  [`POST ${STORE}/inventory.csv`]: {
    ...guarded,
    summary:
      'Set stock from a text/csv body with SKU and Stock columns ("unlimited" allowed); all rows or none',
  },
  [`PATCH ${STORE}/variants/:id/stock`]: {
    ...guarded,
    summary: "Set a variant's stock or unlimited flag",
    params: IdParams,
    body: StockUpdateSchema,
  },
  [`GET ${STORE}/orders`]: {
    ...guarded,
    summary: 'Orders, newest first: status, date range and email filters, cursor pages',
    query: OrderListQuerySchema,
  },
  [`GET ${STORE}/tax-report.csv`]: {
    ...guarded,
    summary: 'Tax collected by month, country, state or province and rate, as CSV',
  },
  [`GET ${STORE}/donations`]: {
    ...guarded,
    summary:
      "The site's paid donations through its donation blocks, newest first, 50 a page: `cursor` is the last page's `nextCursor`",
    query: DonationListQuerySchema,
    response: DonationListSchema,
  },
  [`GET ${STORE}/donations.csv`]: {
    ...guarded,
    summary: 'Every paid donation of the site as CSV, newest first (streamed)',
  },
  [`POST ${STORE}/donations/:id/refund`]: {
    ...guarded,
    summary: 'Refund part or all of a donation (an amount typed as money) through its processor',
    params: IdParams,
    body: RefundAmountSchema,
    response: DonationRowSchema,
  },
  [`GET ${STORE}/orders.csv`]: {
    ...guarded,
    summary: 'Orders matching the filters as CSV',
    query: OrderFilterQuery,
  },
  [`GET ${STORE}/orders/:id`]: {
    ...guarded,
    summary: 'One order: lines, addresses, payment, totals',
    params: IdParams,
  },
  [`POST ${STORE}/orders/:id/fulfil`]: {
    ...guarded,
    summary: 'Mark fulfilled with a tracking number; queues the shipping email',
    params: IdParams,
    body: FulfilOrderSchema,
  },
  [`POST ${STORE}/orders/:id/cancel`]: {
    ...guarded,
    summary: 'Cancel an unfulfilled order: refund through the provider, restock',
    params: IdParams,
  },
  [`POST ${STORE}/orders/:id/refund`]: {
    ...guarded,
    summary: 'Refund units of one line through the provider and restock them',
    params: IdParams,
    body: RefundLineSchema,
  },
  [`POST ${STORE}/orders/:id/refund-amount`]: {
    ...guarded,
    summary: 'Refund an amount typed as money ("4.25") through the provider, without restocking',
    params: IdParams,
    body: RefundAmountSchema,
  },
  [`GET ${STORE}/emails`]: {
    ...guarded,
    summary:
      "The shop's emails (receipt, shipping, new order, low stock, cart recovery): the owner's subject, opening text and colour, the defaults, the placeholders each fills, whether the store settings send it, and a preview on a sample order",
  },
  [`PUT ${STORE}/emails/:kind`]: {
    ...guarded,
    summary:
      'Save the subject, opening text and colour of one email (an empty field keeps the default); a placeholder the email cannot fill is refused (400 naming it)',
    params: KindParams,
    body: ShopEmailTemplateSchema,
  },
  [`DELETE ${STORE}/emails/:kind`]: {
    ...guarded,
    summary: 'Restore the default wording and colour of one email',
    params: KindParams,
  },
  [`POST ${STORE}/emails/:kind/preview`]: {
    ...guarded,
    summary: 'Render an unsaved draft of one email on the sample order, as it would be sent (nothing saved)',
    params: KindParams,
    body: ShopEmailTemplateSchema,
  },
  [`POST ${STORE}/emails/:kind/test`]: {
    ...guarded,
    summary: "Send the saved email on the sample order to the signed-in member's own address (202)",
    params: KindParams,
  },
  [`POST ${STORE}/subscriptions/:id/resume`]: {
    ...guarded,
    summary:
      'Owner or admin: resume a subscription paused after declined renewals, charging the missed cycle through the saved card now (402 with the reason when declined; it stays paused; 409 when not paused)',
    params: IdParams,
    response: z.object({ resumed: z.literal(true), nextBillingOn: z.string().nullable() }),
  },
  [`POST ${STORE}/subscriptions/:id/cancel`]: {
    ...guarded,
    summary: 'Owner or admin: cancel an active or paused subscription (409 when already cancelled)',
    params: IdParams,
  },
};
