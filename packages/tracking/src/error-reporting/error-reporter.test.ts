import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from '../cookies/cookie-jar';
import { systemClock } from '../runtime/clock';
import { silentLogger } from '../runtime/logger';
import { createFakeTransport } from '../testing/fake-transport';
import { context, environment } from '../testing/fixtures';
import { errorEventName, javascriptErrorBatchSchema, truncateStack } from './entries';
import { createErrorReporter } from './error-reporter';

function setup() {
  const transport = createFakeTransport();
  const reporter = createErrorReporter({
    transport,
    jar: createMemoryCookieJar({ crumb: 'crumb-123' }),
    clock: systemClock,
    logger: silentLogger,
    context,
    environment,
  });
  const batches = () => transport.sent.map((r) => javascriptErrorBatchSchema.parse(JSON.parse(r.body)));
  return { transport, reporter, batches };
}

describe('error reporter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('debounces sends by 1000 ms from the last error', async () => {
    const { reporter, transport, batches } = setup();
    reporter.report('analytics', new Error('a'));
    await vi.advanceTimersByTimeAsync(600);
    reporter.report('analytics', new Error('b'));
    await vi.advanceTimersByTimeAsync(999);
    expect(transport.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches()).toHaveLength(1);
    expect(batches()[0]!.map((e) => e.data.message)).toEqual(['a', 'b']);
  });

  it('posts JSON entries with site, template, URL, user agent and the crumb header', async () => {
    const { reporter, transport, batches } = setup();
    reporter.report('instalment', new TypeError('boom'));
    await vi.advanceTimersByTimeAsync(1000);
    const req = transport.sent[0]!;
    expect(req).toMatchObject({
      url: '/api/events/RecordJavascriptErrors',
      contentType: 'application/json',
      headers: { 'X-CSRF-Token': 'crumb-123' },
    });
    expect(batches()[0]![0]).toMatchObject({
      event: 'interface_error_instalment',
      timestamp: 1_700_000_000_000,
      data: {
        websiteId: 'site-1',
        templateId: 'tpl-1',
        url: environment.url,
        userAgent: 'TestAgent/1.0',
        message: 'boom',
        errorName: 'TypeError',
      },
    });
  });

  it('holds at most 10 queued entries and drops the rest until a send', async () => {
    const { reporter, batches } = setup();
    const accepted = Array.from({ length: 15 }, (_, i) => reporter.report('loop', new Error(String(i))));
    expect(accepted.filter(Boolean)).toHaveLength(10);
    expect(reporter.queued).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()[0]).toHaveLength(10);
    expect(reporter.report('loop', new Error('after'))).toBe(true);
  });

  it('stops for good after 20 sends', async () => {
    const { reporter, transport } = setup();
    for (let i = 0; i < 25; i++) {
      reporter.report('loop', new Error(String(i)));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(transport.sent).toHaveLength(20);
    expect(reporter.sends).toBe(20);
    expect(reporter.report('loop', new Error('late'))).toBe(false);
    await reporter.flush();
    expect(transport.sent).toHaveLength(20);
  });

  it('flushes at once when asked (page hidden) and cancels the pending timer', async () => {
    const { reporter, transport } = setup();
    reporter.report('x', new Error('e'));
    await reporter.flush();
    expect(transport.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(transport.sent).toHaveLength(1);
  });

  it('swallows its own send failures', async () => {
    const { reporter, transport } = setup();
    transport.respond = () => {
      throw new Error('offline');
    };
    reporter.report('x', new Error('e'));
    await expect(reporter.flush()).resolves.toBeUndefined();
  });

  it('reports uncaught errors and unhandled rejections once installed, until removed', async () => {
    const { reporter, batches } = setup();
    const target = new EventTarget();
    const remove = reporter.install(target as unknown as Window);
    target.dispatchEvent(
      Object.assign(new Event('error'), {
        error: new Error('uncaught!'),
        message: 'uncaught!',
        filename: 'app.js',
        lineno: 3,
        colno: 7,
      }),
    );
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }));
    remove();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('ignored') }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()[0]!.map((e) => [e.event, e.data.message, e.data.source])).toEqual([
      ['interface_error_uncaught', 'uncaught!', 'app.js:3:7'],
      ['interface_error_unhandled_rejection', 'nope', undefined],
    ]);
  });

  it('guard reports sync and async failures instead of throwing', async () => {
    const { reporter, batches } = setup();
    const sync = reporter.guard('analytics', (n: number) => {
      if (n > 1) throw new Error('too big');
      return n * 2;
    });
    const asyncFn = reporter.guard('instalment', async () => {
      throw new Error('modal failed');
    });
    expect(sync(1)).toBe(2);
    expect(sync(5)).toBeUndefined();
    await expect(asyncFn()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()[0]!.map((e) => e.event)).toEqual([
      'interface_error_analytics',
      'interface_error_instalment',
    ]);
  });

  it('describes non-Error throwables', async () => {
    const { reporter, batches } = setup();
    reporter.report('x', { code: 7 });
    reporter.report('x', null);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    reporter.report('x', cyclic);
    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()[0]!.map((e) => e.data.message)).toEqual(['{"code":7}', 'null', '[object Object]']);
  });
});

describe('stack truncation', () => {
  it('keeps stacks up to 5000 characters and cuts longer ones with a marker', () => {
    expect(truncateStack('s'.repeat(5000))).toBe('s'.repeat(5000));
    const cut = truncateStack('s'.repeat(5001));
    expect(cut).toHaveLength(5000);
    expect(cut.endsWith('[stack truncated]')).toBe(true);
  });

  it('never exceeds the limit and keeps the head of the stack', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12000 }), (stack) => {
        const out = truncateStack(stack);
        expect(out.length).toBeLessThanOrEqual(5000);
        if (stack.length <= 5000) expect(out).toBe(stack);
        else expect(stack.startsWith(out.slice(0, 4900))).toBe(true);
      }),
    );
  });
});

describe('errorEventName', () => {
  it.each([
    ['uncaught', 'interface_error_uncaught'],
    ['Instalment Modal', 'interface_error_instalment_modal'],
    ['--', 'interface_error_unknown'],
  ])('%j -> %s', (kind, expected) => expect(errorEventName(kind)).toBe(expected));
});
