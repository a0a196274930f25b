import { messages } from '@site/page-content';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** An editor call that did not succeed, with the message a person should read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly crumbFail = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let xsrfToken: string | undefined;
/** The session's XSRF token, sent as X-SiteUser-XSRF-Token on every write (platform.md §7). */
export function setXsrfToken(token: string | undefined): void {
  xsrfToken = token;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

async function crumb(refresh = false): Promise<string> {
  const existing = refresh ? undefined : readCookie('crumb');
  if (existing) return existing;
  const response = await fetch('/api/crumb', { credentials: 'same-origin' });
  const body = (await response.json()) as { crumb: string };
  return body.crumb;
}

/** The tokens a write carries, for the one write `api` cannot make: an upload with progress events. */
export async function writeHeaders(): Promise<Record<string, string>> {
  return { 'x-csrf-token': await crumb(), ...(xsrfToken && { 'x-siteuser-xsrf-token': xsrfToken }) };
}

/** The message for an answer without a usable body, from platform.md §8. */
function fallbackMessage(status: number): string {
  if (status === 404) return messages.unableToLocateContent;
  if (status >= 500) return messages.somethingWentWrong;
  return messages.unableToLoadTryAgain;
}

/**
 * The server names a refused field two ways: zod issues (their path sometimes joined with dots)
 * and, for rules beyond the schema, `fieldErrors` by field name. Both become issues by path.
 */
function fieldIssues(
  error: { issues?: FieldIssue[]; fieldErrors?: Record<string, string> } | undefined,
): FieldIssue[] {
  const issues = (error?.issues ?? []).map((issue) => ({
    ...issue,
    path: typeof issue.path === 'string' ? (issue.path as string).split('.').filter(Boolean) : issue.path,
  }));
  for (const [field, message] of Object.entries(error?.fieldErrors ?? {}))
    issues.push({ path: [field], message });
  return issues;
}

const UNREACHABLE = new Set([502, 503, 504]);

async function toError(response: Response): Promise<ApiError> {
  let body: {
    error?: { code?: string; message?: string; issues?: FieldIssue[]; fieldErrors?: Record<string, string> };
    crumbFail?: boolean;
  } = {};
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: the status decides the message.
  }
  // A gateway that cannot reach the server (or the server waiting for its database) is a
  // connection problem the owner can retry, not a fault in what they did.
  const message = UNREACHABLE.has(response.status)
    ? messages.unableToConnect
    : response.status >= 500
      ? messages.somethingWentWrong
      : (body.error?.message ?? fallbackMessage(response.status));
  return new ApiError(
    response.status,
    body.error?.code ?? `HTTP_${response.status}`,
    message,
    fieldIssues(body.error),
    body.crumbFail === true,
  );
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
  /** Sent as the body with its own type instead of JSON (an image upload without progress). */
  file?: Blob;
}

/** The one way the editor talks to the server: JSON in and out, tokens on writes, errors as ApiError. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const url = options.query
    ? `${path}?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}`
    : path;
  const send = async (refreshCrumb: boolean) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.file) headers['content-type'] = options.file.type || 'application/octet-stream';
    if (method !== 'GET') {
      headers['x-csrf-token'] = await crumb(refreshCrumb);
      if (xsrfToken) headers['x-siteuser-xsrf-token'] = xsrfToken;
    }
    return fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  };
  let response: Response;
  try {
    response = await send(false);
    // An expired crumb is renewed and the call repeated once (platform.md §7 crumbFail retry).
    if (response.status === 403 && method !== 'GET') {
      const error = await toError(response.clone());
      if (error.crumbFail && error.code === 'CRUMB_FAIL') response = await send(true);
    }
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(
      0,
      'NETWORK',
      navigator.onLine === false ? messages.checkConnection : messages.networkError,
    );
  }
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A call that starts or reports on a background job: an answer without the job in it (an empty
 * body, or one that is not a job) is named as platform.md §8 names it, not as a parse error.
 */
export async function jobRequest<T>(
  parse: (body: unknown) => T,
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let body: unknown;
  try {
    body = await api<unknown>(method, path, options);
  } catch (error) {
    if (error instanceof ApiError || (error as Error).name === 'AbortError') throw error;
    body = undefined;
  }
  try {
    return parse(body);
  } catch {
    throw new ApiError(200, 'NO_JOB_DATA', messages.noResponseDataFromJob);
  }
}

/** Messages by setting path, for showing a refused save next to the field that caused it. */
export function issuesByPath(error: unknown, prefix: (string | number)[] = []): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const matches = prefix.every((p, i) => issue.path[i] === p);
    if (matches) out[issue.path.slice(prefix.length).join('.')] ??= issue.message;
  }
  return out;
}
