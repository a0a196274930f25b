import { CRUMB_HEADER, ENDPOINT, ERROR_DEBOUNCE_MS, ERROR_QUEUE_MAX, ERROR_SENDS_MAX } from '../constants';
import type { CookieJar } from '../cookies/cookie-jar';
import { readCrumb } from '../cookies/cookie-policy';
import { messages } from '../messages';
import type { PageContext } from '../page-context/page-context';
import type { PageEnvironment } from '../page-environment/page-environment';
import type { Clock } from '../runtime/clock';
import type { Logger } from '../runtime/logger';
import { JSON_CONTENT_TYPE, type Transport } from '../runtime/transport';
import { describeError, errorEventName, type JavascriptErrorEntry } from './entries';

export interface ErrorReporterDeps {
  transport: Transport;
  jar: CookieJar;
  clock: Clock;
  logger: Logger;
  context: Pick<PageContext, 'websiteId' | 'templateId'>;
  environment: Pick<PageEnvironment, 'url' | 'userAgent'>;
}

export interface ErrorReporter {
  /** Queues an `interface_error_<kind>` entry; false when a limit dropped it. */
  report(kind: string, error: unknown, source?: string): boolean;
  /** Wraps a function so its failures (sync or async) are reported, never thrown. */
  guard<A extends unknown[], R>(kind: string, fn: (...args: A) => R): (...args: A) => R | undefined;
  /** Sends what is queued now, e.g. when the page is being hidden. */
  flush(): Promise<void>;
  /** Listens to uncaught errors and unhandled rejections; returns the remover. */
  install(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  readonly sends: number;
  readonly queued: number;
}

/**
 * Debounced batch reporter. Limits (storefront.md §9): at most 10 entries wait
 * at once (later ones are dropped until a send empties the queue) and after 20
 * sends the reporter goes quiet for the rest of the page life, so an error loop
 * cannot flood the API.
 */
export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  let queue: JavascriptErrorEntry[] = [];
  let sends = 0;
  let timer: unknown;
  let warned = false;

  const flush = async (): Promise<void> => {
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0 || sends >= ERROR_SENDS_MAX) return;
    const batch = queue;
    queue = [];
    sends += 1;
    try {
      await deps.transport.post({
        url: ENDPOINT.javascriptErrors,
        body: JSON.stringify(batch),
        contentType: JSON_CONTENT_TYPE,
        headers: { [CRUMB_HEADER]: readCrumb(deps.jar) },
        keepalive: true,
      });
    } catch (error) {
      // Reporting the reporter's own failure would loop; warn once and move on.
      if (!warned) deps.logger.warn(messages.errorReporterFailed, error);
      warned = true;
    }
  };

  const report: ErrorReporter['report'] = (kind, error, source) => {
    if (sends >= ERROR_SENDS_MAX || queue.length >= ERROR_QUEUE_MAX) return false;
    queue.push({
      event: errorEventName(kind),
      data: {
        websiteId: deps.context.websiteId,
        templateId: deps.context.templateId,
        url: deps.environment.url,
        userAgent: deps.environment.userAgent,
        ...describeError(error),
        ...(source ? { source } : {}),
      },
      timestamp: deps.clock.now(),
    });
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    timer = deps.clock.setTimeout(() => void flush(), ERROR_DEBOUNCE_MS);
    return true;
  };

  const guard: ErrorReporter['guard'] =
    (kind, fn) =>
    (...args) => {
      try {
        const result = fn(...args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            report(kind, error);
            return undefined;
          }) as typeof result;
        }
        return result;
      } catch (error) {
        report(kind, error);
        return undefined;
      }
    };

  const install: ErrorReporter['install'] = (target) => {
    const onError = (event: Event) => {
      const e = event as ErrorEvent;
      const source = e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : undefined;
      report('uncaught', e.error ?? e.message, source);
    };
    const onRejection = (event: Event) => {
      report('unhandled_rejection', (event as PromiseRejectionEvent).reason);
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  };

  return {
    report,
    guard,
    flush,
    install,
    get sends() {
      return sends;
    },
    get queued() {
      return queue.length;
    },
  };
}
