import { TRACKING_REQUEST_TIMEOUT_MS } from '../constants';

export interface TransportRequest {
  url: string;
  body: string;
  contentType: string;
  headers?: Readonly<Record<string, string>>;
  /** Survive page unload where the browser allows it. */
  keepalive?: boolean;
}

export interface TransportResponse {
  status: number;
}

/**
 * Everything this package sends goes through here, so tests and server-side
 * renderers can substitute their own.
 */
export interface Transport {
  /** POST; rejects on network failure or time-out. */
  post(request: TransportRequest): Promise<TransportResponse>;
  /** Fire-and-forget send that survives unload; returns false when the browser refused it. */
  beacon?(url: string, body: string, contentType: string): boolean;
}

export interface BrowserTransportOptions {
  fetch?: typeof globalThis.fetch;
  navigator?: Pick<Navigator, 'sendBeacon'>;
  timeoutMs?: number;
}

/** fetch with a time-out, plus navigator.sendBeacon when present. */
export function createBrowserTransport(options: BrowserTransportOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? TRACKING_REQUEST_TIMEOUT_MS;
  const nav = options.navigator ?? (globalThis.navigator as Navigator | undefined);
  const transport: Transport = {
    async post(request) {
      const doFetch = options.fetch ?? globalThis.fetch;
      const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
      const timer = controller ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
      try {
        const response = await doFetch(request.url, {
          method: 'POST',
          body: request.body,
          headers: { 'Content-Type': request.contentType, ...request.headers },
          credentials: 'same-origin',
          keepalive: request.keepalive ?? false,
          signal: controller?.signal,
        });
        return { status: response.status };
      } finally {
        if (timer !== undefined) clearTimeout(timer);
      }
    },
  };
  if (nav && typeof nav.sendBeacon === 'function') {
    transport.beacon = (url, body, contentType) =>
      nav.sendBeacon(url, typeof Blob === 'function' ? new Blob([body], { type: contentType }) : body);
  }
  return transport;
}

/** Form encoding used by the census and legacy event endpoints. */
export function formEncode(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(Object.entries(fields)).toString();
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded; charset=UTF-8';
export const JSON_CONTENT_TYPE = 'application/json';
export const TEXT_CONTENT_TYPE = 'text/plain;charset=UTF-8';
