import type { Transport, TransportRequest } from '../runtime/transport';

export interface SentRequest extends TransportRequest {
  via: 'post' | 'beacon';
}

export interface FakeTransport extends Transport {
  sent: SentRequest[];
  /** Status the next posts answer; a function may throw to simulate network failure. */
  respond: (request: TransportRequest) => number;
}

/** Records every request; tests assert on `sent`. */
export function createFakeTransport(options: { beacon?: boolean | (() => boolean) } = {}): FakeTransport {
  const fake: FakeTransport = {
    sent: [],
    respond: () => 200,
    async post(request) {
      fake.sent.push({ ...request, via: 'post' });
      return { status: fake.respond(request) };
    },
  };
  if (options.beacon !== undefined && options.beacon !== false) {
    const accept = options.beacon;
    fake.beacon = (url, body, contentType) => {
      const ok = typeof accept === 'function' ? accept() : accept;
      if (ok) fake.sent.push({ url, body, contentType, via: 'beacon' });
      return ok;
    };
  }
  return fake;
}
