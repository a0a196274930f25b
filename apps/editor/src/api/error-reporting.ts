import {
  consoleLogger,
  createBrowserTransport,
  createDocumentCookieJar,
  createErrorReporter,
  systemClock,
  type ErrorReporter,
  type Transport,
} from '@site/tracking';

/** Reports name the editor rather than a page template. */
const EDITOR_TEMPLATE_ID = 'editor';

let websiteId = '';
let reporter: ErrorReporter | undefined;

/**
 * The site the editor edits, once its data has loaded: the error reports name it (the API takes
 * reports for the request's own site only). Before then a failure is only written to the console.
 */
export function setErrorReportingSite(id: string, transport: Transport = createBrowserTransport()): void {
  if (!id || id === websiteId) return;
  websiteId = id;
  reporter = createErrorReporter({
    transport,
    jar: createDocumentCookieJar(),
    clock: systemClock,
    logger: consoleLogger,
    context: { websiteId: id, templateId: EDITOR_TEMPLATE_ID },
    environment: {
      get url() {
        return globalThis.location?.href ?? '';
      },
      userAgent: globalThis.navigator?.userAgent ?? '',
    },
  });
}

/**
 * An editor failure through the tracking client's error reporting (platform.md §8: the error
 * boundary and commerce-preferences failures are reported), sent in debounced batches.
 */
export function reportEditorError(kind: string, error: unknown): void {
  if (!reporter?.report(kind, error)) console.error(`editor ${kind} failed`, error);
}
