import {
  ADDRESS_AUTOCOMPLETE_PATH,
  ADDRESS_DETAILS_PATH,
  AddressDetailsSchema,
  AddressPredictionsSchema,
} from '@site/commerce-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../test/fake-google-places';
import { buildApp } from '../app';
import { readConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { seedDemoSite } from '../seed/demo-site';
import { addressProviderFromConfig } from './from-config';
import { createGooglePlacesProvider, placeAddressOf } from './google-places';
import { createLocalPlacesProvider, LOCAL_SUGGESTION_LIMIT, splitLookup } from './local-places';
import { AddressProviderError, type AddressProvider } from './provider';
import { ADDRESS_LOOKUPS_PER_MINUTE } from './routes';

const session = 'session-token-1';
const lookup = (input: string, extra = '') =>
  `${ADDRESS_AUTOCOMPLETE_PATH}?input=${encodeURIComponent(input)}&sessionToken=${session}${extra}`;
const details = (placeId: string) =>
  `${ADDRESS_DETAILS_PATH}?placeId=${encodeURIComponent(placeId)}&sessionToken=${session}`;

describe('Google Places adapter against a stand-in of the Places API (New)', () => {
  let fake: FakeGooglePlaces;
  let google: AddressProvider;
  beforeAll(async () => {
    fake = await startFakeGooglePlaces();
    google = createGooglePlacesProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 500 });
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
  });

  it('autocomplete posts the input, session token and address types with the key, and reads the predictions', async () => {
    const predictions = await google.autocomplete({
      input: '12 Analytical',
      sessionToken: session,
      country: 'GB',
    });
    expect(predictions).toEqual([
      {
        placeId: 'ChIJ-analytical-row-12',
        description: '12 Analytical Row, London N1 9GU, UK',
        mainText: '12 Analytical Row',
        secondaryText: 'London N1 9GU, UK',
      },
    ]);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/v1/places:autocomplete' });
    expect(sent!.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(sent!.body).toEqual({
      input: '12 Analytical',
      sessionToken: session,
      includedPrimaryTypes: ['street_address', 'premise', 'subpremise', 'route'],
      regionCode: 'gb',
    });
  });

  it('details asks for the address components only, in the same session, and maps them to checkout fields', async () => {
    expect(await google.details('ChIJ-analytical-row-12', { sessionToken: session })).toEqual({
      line1: '12 Analytical Row',
      line2: '',
      city: 'London',
      region: 'England',
      postalCode: 'N1 9GU',
      country: 'GB',
    });
    const [sent] = fake.requests;
    expect(sent!.url).toBe(`/v1/places/ChIJ-analytical-row-12?sessionToken=${session}`);
    expect(sent!.headers['x-goog-fieldmask']).toBe('addressComponents');
    // Germany writes the number after the street; the floor is the second line; the state its code.
    expect(await google.details('ChIJ-hauptstrasse-5', { sessionToken: session })).toEqual({
      line1: 'Hauptstraße 5',
      line2: '3. OG',
      city: 'Berlin',
      region: 'BE',
      postalCode: '10117',
      country: 'DE',
    });
  });

  it('a place id Google never issued is no place (Google answers 400)', async () => {
    expect(await google.details('made-up', { sessionToken: session })).toBeUndefined();
  });

  it.each([
    ['an error status', 'error'],
    ['an answer of another shape', 'garbage'],
    ['no answer within the time-out', 'slow'],
  ] as const)('%s is an AddressProviderError', async (_name, mode) => {
    fake.mode = mode;
    await expect(
      google.autocomplete({ input: '12 Analytical', sessionToken: session }),
    ).rejects.toBeInstanceOf(AddressProviderError);
    await expect(google.details('ChIJ-analytical-row-12', { sessionToken: session })).rejects.toBeInstanceOf(
      AddressProviderError,
    );
  });

  it('a wrong key (403) is an AddressProviderError, unreachable too', async () => {
    const wrongKey = createGooglePlacesProvider({ apiKey: 'nope', baseUrl: fake.url });
    await expect(wrongKey.autocomplete({ input: 'Haupt', sessionToken: session })).rejects.toBeInstanceOf(
      AddressProviderError,
    );
    const nowhere = createGooglePlacesProvider({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
    await expect(nowhere.autocomplete({ input: 'Haupt', sessionToken: session })).rejects.toBeInstanceOf(
      AddressProviderError,
    );
  });

  it.each([
    ['number before street (US)', 'US', '221 Baker Street'],
    ['number after street (NL)', 'NL', 'Baker Street 221'],
  ])('placeAddressOf: %s', (_name, country, line1) => {
    const address = placeAddressOf([
      { longText: '221', types: ['street_number'] },
      { longText: 'Baker Street', types: ['route'] },
      { longText: country, shortText: country, types: ['country'] },
    ]);
    expect(address.line1).toBe(line1);
    expect(address.country).toBe(country);
  });
});

describe('local provider (the built-in list of towns)', () => {
  const local = createLocalPlacesProvider();

  it.each([
    ['1 Main Street, Portl', { street: '1 Main Street', place: 'Portl' }],
    ['Portl', { street: '', place: 'Portl' }],
    ['Flat 2,  3  Elm Road , 9710', { street: 'Flat 2, 3 Elm Road', place: '9710' }],
    ['12 Row,', { street: '12 Row', place: '' }],
  ])('splitLookup(%j)', (input, expected) => {
    expect(splitLookup(input)).toEqual(expected);
  });

  it('suggests the towns that start with the typed place, keeping the typed street', async () => {
    const predictions = await local.autocomplete({ input: '1 Main Street, Portl', sessionToken: session });
    expect(predictions.map((p) => p.description)).toEqual([
      '1 Main Street, Portland, ME 04101, United States',
      '1 Main Street, Portland, OR 97201, United States',
      '1 Main Street, Portland, OR 97205, United States',
    ]);
    expect(predictions[1]).toMatchObject({
      mainText: '1 Main Street',
      secondaryText: 'Portland, OR 97201, United States',
    });
    expect(await local.details(predictions[1]!.placeId, { sessionToken: session })).toEqual({
      line1: '1 Main Street',
      line2: '',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
    });
  });

  it.each([
    ['a postal code, spaces ignored', '10 Upper St, N19G', 'N1 9GU'],
    ['accents and case ignored', 'Marienplatz 1, munch', '80331'],
    ['the town alone', 'zuri', '8001'],
  ])('finds %s', async (_name, input, postalCode) => {
    const [first] = await local.autocomplete({ input, sessionToken: session });
    expect((await local.details(first!.placeId, { sessionToken: session }))?.postalCode).toBe(postalCode);
  });

  it('puts the chosen country first and shows at most five', async () => {
    const [first] = await local.autocomplete({ input: 'x, Portland', sessionToken: session, country: 'US' });
    expect(first!.description).toContain('ME 04101');
    const many = await local.autocomplete({ input: 'x, 1', sessionToken: session });
    expect(many.length).toBe(LOCAL_SUGGESTION_LIMIT);
  });

  it('suggests nothing for an unknown place or a street alone', async () => {
    expect(await local.autocomplete({ input: '12 Analytical Row', sessionToken: session })).toEqual([]);
    expect(await local.autocomplete({ input: '12 Row, Atlantis', sessionToken: session })).toEqual([]);
  });

  it.each([
    ['local-9999-'],
    ['local-1-%%%'],
    ['ChIJ-anything'],
    [`local-1-${Buffer.from('a\u0000b').toString('base64url')}`],
  ])('details of %j is no place', async (id) => {
    expect(await local.details(id, { sessionToken: session })).toBeUndefined();
  });
});

describe('choosing the provider from the configuration', () => {
  it.each([
    [{}, undefined],
    [{ ADDRESS_AUTOCOMPLETE: 'off', GOOGLE_PLACES_API_KEY: 'k' }, undefined],
    [{ GOOGLE_PLACES_API_KEY: 'k' }, 'google'],
    [{ ADDRESS_AUTOCOMPLETE: 'local' }, 'local'],
  ])('%j → %s', (env, name) => {
    expect(addressProviderFromConfig(readConfig(env as NodeJS.ProcessEnv))?.name).toBe(name);
  });

  it('google without a key stops the start with a clear message', () => {
    expect(() => addressProviderFromConfig(readConfig({ ADDRESS_AUTOCOMPLETE: 'google' }))).toThrow(
      /ADDRESS_AUTOCOMPLETE=google needs GOOGLE_PLACES_API_KEY/,
    );
    expect(() => readConfig({ ADDRESS_AUTOCOMPLETE: 'maybe' })).toThrow(/ADDRESS_AUTOCOMPLETE/);
  });
});

describe('the address calls and the checkout page', async () => {
  const [target] = await databaseTargets();
  let database: DatabaseHandle;
  let fake: FakeGooglePlaces;
  const apps: FastifyInstance[] = [];
  const appWith = async (addressProvider?: AddressProvider, writesPerMinute = 0) => {
    const app = await buildApp({ database, writesPerMinute, addressProvider });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await target!.open();
    await seedDemoSite(database.db);
    fake = await startFakeGooglePlaces();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await fake.close();
    await database.close();
  });

  const checkoutContext = async (app: FastifyInstance) =>
    (await new Shopper(app).get('/checkout?format=json')).json() as Record<string, unknown>;
  const browserContext = async (app: FastifyInstance) => {
    const html = (await new Shopper(app).get('/checkout')).body;
    const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    return JSON.parse(json ?? '{}') as Record<string, unknown>;
  };

  it('without a provider: both calls answer 404 and the checkout page offers no suggestions', async () => {
    const app = await appWith(undefined);
    const res = await new Shopper(app).get(lookup('1 Main St, Portl'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Address suggestions are not set up on this site.');
    expect((await new Shopper(app).get(details('local-1-'))).statusCode).toBe(404);
    expect((await browserContext(app)).addressAutocomplete).toBeUndefined();
    expect(await checkoutContext(app)).toBeTruthy();
  });

  it('with the local provider: predictions, then the chosen address; the checkout page says so', async () => {
    const app = await appWith(createLocalPlacesProvider());
    const res = await new Shopper(app).get(
      lookup('1 Main Street, Portl', '&country=US&productPage=checkout&productSection=shipping-address'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = AddressPredictionsSchema.parse(res.json());
    expect(body.attribution).toBeUndefined();
    expect(body.predictions).toHaveLength(3);
    const chosen = await new Shopper(app).get(details(body.predictions[1]!.placeId));
    expect(AddressDetailsSchema.parse(chosen.json()).address).toMatchObject({
      city: 'Portland',
      postalCode: '97201',
    });
    expect((await new Shopper(app).get(details('local-4242-'))).statusCode).toBe(404);
    expect((await browserContext(app)).addressAutocomplete).toBe(true);
  });

  it('with Google: the attribution is sent; a failing Google is a 502 with a plain message, never a 500', async () => {
    const app = await appWith(
      createGooglePlacesProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 500 }),
    );
    const ok = await new Shopper(app).get(lookup('Hauptstr'));
    expect(ok.json()).toMatchObject({
      attribution: 'Google',
      predictions: [{ placeId: 'ChIJ-hauptstrasse-5' }],
    });
    fake.mode = 'error';
    for (const url of [lookup('Hauptstr'), details('ChIJ-hauptstrasse-5')]) {
      const res = await new Shopper(app).get(url);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'ADDRESS_PROVIDER_FAILED',
        message: 'Address suggestions are unavailable right now.',
      });
    }
    fake.mode = 'ok';
  });

  it.each([
    ['no input', `${ADDRESS_AUTOCOMPLETE_PATH}?sessionToken=${session}`],
    ['two characters', lookup('ab')],
    ['201 characters', lookup('a'.repeat(201))],
    ['no session token', `${ADDRESS_AUTOCOMPLETE_PATH}?input=Portland`],
    [
      'a session token with spaces',
      `${ADDRESS_AUTOCOMPLETE_PATH}?input=Portland&sessionToken=a%20b%20c%20d%20e`,
    ],
    ['a lower-case country', lookup('Portland', '&country=us')],
    ['an unknown parameter', lookup('Portland', '&key=x')],
    ['a tracking context with markup', lookup('Portland', '&productPage=%3Cscript%3E')],
    ['repeated input', `${lookup('Portland')}&input=Boston`],
    ['a NUL in the input', lookup('Port\u0000land')],
    ['details without a place', `${ADDRESS_DETAILS_PATH}?sessionToken=${session}`],
    ['details with a 513-character place', details('p'.repeat(513))],
  ])('hostile or broken query (%s): 400, never 5xx', async (_name, url) => {
    const app = apps[1]!;
    const res = await new Shopper(app).get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBeTruthy();
  });

  it(`limits one client to ${ADDRESS_LOOKUPS_PER_MINUTE} lookups a minute (429), leaving pages alone`, async () => {
    const app = await appWith(createLocalPlacesProvider(), 600);
    const shopper = new Shopper(app);
    for (let i = 0; i < ADDRESS_LOOKUPS_PER_MINUTE; i++)
      expect((await shopper.get(lookup('x, Portl'))).statusCode).toBe(200);
    expect((await shopper.get(lookup('x, Portl'))).statusCode).toBe(429);
    expect((await shopper.get('/shop')).statusCode).toBe(200);
  });
});
