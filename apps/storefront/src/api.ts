/** A failed API call with what the storefront's messages need to choose their text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly crumbFail = false,
    readonly fieldErrors: Record<string, string> = {},
    /** What the error says beyond code and message (`qtyInStock` when stock ran short). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** JSON calls to our API: the crumb header on writes, errors as ApiError. */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const crumb = readCookie('crumb');
  if (method !== 'GET' && crumb) headers['x-csrf-token'] = crumb;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  const data = (await res.json().catch(() => ({}))) as {
    crumbFail?: boolean;
    error?: { code?: string; message?: string; fieldErrors?: Record<string, string> } & Record<
      string,
      unknown
    >;
  };
  if (!res.ok) {
    throw new ApiError(
      res.status,
      data.error?.code ?? 'ERROR',
      data.error?.message ?? '',
      data.crumbFail === true,
      data.error?.fieldErrors,
      data.error,
    );
  }
  return data as T;
}
