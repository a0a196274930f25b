import { createServer, type IncomingMessage } from 'node:http';

/** A place the stand-in knows: its suggestion text and its address components, as Google sends them. */
export interface FakePlace {
  id: string;
  mainText: string;
  secondaryText: string;
  components: { longText: string; shortText: string; types: string[] }[];
}

export interface FakeGooglePlaces {
  url: string;
  apiKey: string;
  /** Every request the provider made: method, path with query, headers and JSON body. */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[];
  /** `ok`: answers; `error`: 500 on every call; `garbage`: 200 with a body of another shape; `slow`: never answers. */
  mode: 'ok' | 'error' | 'garbage' | 'slow';
  close(): Promise<void>;
}

const component = (longText: string, types: string[], shortText = longText) => ({
  longText,
  shortText,
  types,
});

/** Two real-looking places, one where the number leads and one where it follows the street. */
export const FAKE_PLACES: FakePlace[] = [
  {
    id: 'ChIJ-analytical-row-12',
    mainText: '12 Analytical Row',
    secondaryText: 'London N1 9GU, UK',
    components: [
      component('12', ['street_number']),
      component('Analytical Row', ['route']),
      component('London', ['postal_town']),
      component('England', ['administrative_area_level_1', 'political'], 'England'),
      component('United Kingdom', ['country', 'political'], 'GB'),
      component('N1 9GU', ['postal_code']),
    ],
  },
  {
    id: 'ChIJ-hauptstrasse-5',
    mainText: 'Hauptstraße 5',
    secondaryText: '10117 Berlin, Germany',
    components: [
      component('5', ['street_number']),
      component('Hauptstraße', ['route']),
      component('Berlin', ['locality', 'political']),
      component('Berlin', ['administrative_area_level_1', 'political'], 'BE'),
      component('Germany', ['country', 'political'], 'DE'),
      component('10117', ['postal_code']),
      component('3. OG', ['subpremise']),
    ],
  },
];

const fold = (s: string) => s.toLowerCase().replace(/ß/g, 'ss');

/**
 * A local stand-in for the two Places API (New) calls the Google adapter makes: Autocomplete
 * (`POST /v1/places:autocomplete`) and Place Details (`GET /v1/places/{id}`), keyed like Google
 * (`X-Goog-Api-Key`, 403 without it) and answering in Google's shapes.
 */
export async function startFakeGooglePlaces(places: FakePlace[] = FAKE_PLACES): Promise<FakeGooglePlaces> {
  const fake: FakeGooglePlaces = {
    url: '',
    apiKey: 'fake-places-key',
    requests: [],
    mode: 'ok',
    close: async () => {},
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      fake.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (fake.mode === 'slow') return;
      if (fake.mode === 'error') return send(500, { error: { code: 500, status: 'INTERNAL' } });
      if (fake.mode === 'garbage') return send(200, { suggestions: 'none', addressComponents: 7 });
      if (req.headers['x-goog-api-key'] !== fake.apiKey)
        return send(403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v1/places:autocomplete') {
        const input = fold(String((body as { input?: unknown })?.input ?? ''));
        const found = places.filter((p) => fold(`${p.mainText}, ${p.secondaryText}`).includes(input));
        return send(200, {
          suggestions: found.map((p) => ({
            placePrediction: {
              place: `places/${p.id}`,
              placeId: p.id,
              text: { text: `${p.mainText}, ${p.secondaryText}`, matches: [] },
              structuredFormat: { mainText: { text: p.mainText }, secondaryText: { text: p.secondaryText } },
              types: ['street_address', 'geocode'],
            },
          })),
        });
      }
      const details = /^\/v1\/places\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && details) {
        if (!req.headers['x-goog-fieldmask']) return send(400, { error: { status: 'INVALID_ARGUMENT' } });
        const place = places.find((p) => p.id === decodeURIComponent(details[1]!));
        if (!place) return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
        return send(200, { addressComponents: place.components.map((c) => ({ ...c, languageCode: 'en' })) });
      }
      send(404, { error: { code: 404, status: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
