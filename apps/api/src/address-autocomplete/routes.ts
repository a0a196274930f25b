import {
  ADDRESS_AUTOCOMPLETE_PATH,
  ADDRESS_DETAILS_PATH,
  AddressAutocompleteQuerySchema,
  AddressDetailsQuerySchema,
  AddressDetailsSchema,
  AddressPredictionsSchema,
} from '@site/commerce-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, handle, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { AddressProviderError, type AddressProvider } from './provider';

/**
 * Lookups one client may make a minute. A shopper typing an address makes a few dozen at most;
 * the limit keeps a script from spending the owner's provider quota.
 */
export const ADDRESS_LOOKUPS_PER_MINUTE = 120;

export const addressMessages = {
  off: 'Address suggestions are not set up on this site.',
  unavailable: 'Address suggestions are unavailable right now.',
  noSuchPlace: 'No such place.',
} as const;

const rateLimit = {
  rateLimit: { max: ADDRESS_LOOKUPS_PER_MINUTE, timeWindow: '1 minute', allowList: () => false },
};

/** storefront.md §7's two address calls, answered by whichever provider the install configured. */
export function registerAddressRoutes(app: FastifyInstance, provider: AddressProvider | undefined): void {
  const use = <T>(
    request: FastifyRequest,
    what: string,
    context: object,
    run: (p: AddressProvider) => Promise<T>,
  ) => {
    if (!provider) throw new ApiError(404, 'ADDRESS_SUGGESTIONS_OFF', addressMessages.off);
    const started = performance.now();
    return run(provider).then(
      (answer) => {
        request.log.debug(
          { provider: provider.name, what, ...context, ms: performance.now() - started },
          'address lookup',
        );
        return answer;
      },
      (err: unknown) => {
        if (!(err instanceof AddressProviderError)) throw err;
        // The shopper types on without suggestions; the operator learns why here.
        request.log.warn({ err, provider: provider.name, what, ...context }, 'address provider failed');
        throw new ApiError(502, 'ADDRESS_PROVIDER_FAILED', addressMessages.unavailable);
      },
    );
  };

  app.get(
    ADDRESS_AUTOCOMPLETE_PATH,
    { config: rateLimit },
    handle(async (request, reply) => {
      const { input, sessionToken, country, productPage, productSection } = parsePayload(
        AddressAutocompleteQuerySchema,
        request.query,
      );
      const predictions = await use(request, 'autocomplete', { productPage, productSection }, (p) =>
        p.autocomplete({ input, sessionToken, country }),
      );
      reply.header('cache-control', 'no-store');
      return { predictions, ...(provider?.attribution ? { attribution: provider.attribution } : {}) };
    }),
  );

  app.get(
    ADDRESS_DETAILS_PATH,
    { config: rateLimit },
    handle(async (request, reply) => {
      const { placeId, sessionToken, productPage, productSection } = parsePayload(
        AddressDetailsQuerySchema,
        request.query,
      );
      const address = await use(request, 'details', { productPage, productSection }, (p) =>
        p.details(placeId, { sessionToken }),
      );
      if (!address) throw new ApiError(404, 'NO_SUCH_PLACE', addressMessages.noSuchPlace);
      reply.header('cache-control', 'no-store');
      return { address };
    }),
  );
}

const tags = ['checkout'];

/** API documentation of the address calls (src/docs/openapi.ts). */
export const addressRouteDocs: RouteDocs = {
  [`GET ${ADDRESS_AUTOCOMPLETE_PATH}`]: {
    summary:
      'Address suggestions for what the shopper typed (404 when the install has no provider, 502 when it failed)',
    tags,
    query: AddressAutocompleteQuerySchema,
    response: AddressPredictionsSchema,
  },
  [`GET ${ADDRESS_DETAILS_PATH}`]: {
    summary: 'The chosen suggestion as checkout address fields (404 for an unknown place)',
    tags,
    query: AddressDetailsQuerySchema,
    response: AddressDetailsSchema,
  },
};
