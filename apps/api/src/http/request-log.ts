import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestLogOptions {
  /** A request answered in this many milliseconds or more is logged at info as slow. */
  slowMs?: number;
  /** How often the summary of the requests served since the last one is logged. */
  summaryIntervalMs?: number;
}

/** Enough samples for a steady p95 without keeping every duration of a busy minute. */
const SAMPLE_SIZE = 1000;

/**
 * One line per request at debug, so the default level (info) keeps what an operator reads:
 * start-up, warnings, errors, slow requests and one summary per interval. Fastify's own two lines
 * per request are turned off (disableRequestLogging) where the app is built.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions = {}): void {
  const slowMs = options.slowMs ?? 1000;
  let window = emptyWindow();

  // Quoted back by whoever reports a failed request, it finds that request's lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const status = reply.statusCode;
    window.requests += 1;
    if (status >= 500) window.serverErrors += 1;
    else if (status >= 400) window.clientErrors += 1;
    // Reservoir sampling: every request of the window has the same chance to be in the sample.
    if (window.samples.length < SAMPLE_SIZE) window.samples.push(ms);
    else {
      const at = Math.floor(Math.random() * window.requests);
      if (at < SAMPLE_SIZE) window.samples[at] = ms;
    }
    const line = { method: request.method, url: request.url, status, ms };
    if (ms >= slowMs) {
      window.slow += 1;
      request.log.info({ ...line, slowMs }, 'slow request');
    } else request.log.debug(line, 'request');
  });

  const summarise = () => {
    const done = window;
    window = emptyWindow();
    // An idle server says nothing.
    if (done.requests === 0) return;
    const sorted = done.samples.sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    const p95 = percentile(sorted, 0.95);
    const seconds = Math.round((Date.now() - done.since) / 1000);
    app.log.info(
      {
        summary: true,
        seconds,
        requests: done.requests,
        clientErrors: done.clientErrors,
        serverErrors: done.serverErrors,
        slow: done.slow,
        p50Ms: p50,
        p95Ms: p95,
      },
      `${done.requests} requests in ${seconds} s: ${done.clientErrors} 4xx, ${done.serverErrors} 5xx, ` +
        `${done.slow} slow, p50 ${p50} ms, p95 ${p95} ms`,
    );
  };
  const timer = setInterval(summarise, options.summaryIntervalMs ?? 60_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarise();
  });
}

function emptyWindow() {
  return {
    since: Date.now(),
    requests: 0,
    clientErrors: 0,
    serverErrors: 0,
    slow: 0,
    samples: [] as number[],
  };
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/**
 * Adds fields (site, user) to every later line of this request, Fastify's own included: pino's
 * setBindings changes the request's logger in place, which the reply shares.
 */
export function bindLogFields(request: FastifyRequest, fields: Record<string, string>): void {
  const log = request.log as Partial<{
    bindings(): Record<string, unknown>;
    setBindings(bindings: Record<string, string>): void;
  }>;
  if (!log.setBindings || !log.bindings) return;
  // A field bound twice would appear twice in every line: a session looked up again binds nothing new.
  const bound = log.bindings();
  const fresh = Object.entries(fields).filter(([key, value]) => bound[key] !== value);
  if (fresh.length > 0) log.setBindings(Object.fromEntries(fresh));
}
