import { api, ApiError } from '../api';

/**
 * The member session's XSRF token (platform.md §7): the sign-in answer carries it and every
 * member write sends it as X-SiteUser-XSRF-Token. Kept in localStorage so a "keep me signed in"
 * session still has it after the browser restarts; a page that lost it reads it again.
 */
const KEY = 'siteUserXsrfToken';

export function storeXsrfToken(token: string | undefined): void {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the refresh in memberApi still gets the token for each write.
  }
}

function storedXsrfToken(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

async function refreshXsrfToken(): Promise<void> {
  const { xsrfToken } = await api<{ xsrfToken: string }>('GET', '/api/site-users/account/session');
  storeXsrfToken(xsrfToken);
}

/** A member call; on crumbFail the token is read again from the session and the call repeated once. */
export async function memberApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const call = () => api<T>(method, path, body, { 'x-siteuser-xsrf-token': storedXsrfToken() });
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError) || !err.crumbFail) throw err;
    await refreshXsrfToken();
    return call();
  }
}

/**
 * Signs out (DELETE …/session?cloneCart, repeated once on crumbFail). cloneCart=false: the cart
 * stays with the account's browser session, so the next person at a shared computer starts empty.
 */
export async function signOut(): Promise<void> {
  try {
    await memberApi('DELETE', '/api/site-users/account/session?cloneCart=false');
  } catch (err) {
    // Already signed out elsewhere: the session is gone, which is what was asked.
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
  }
  storeXsrfToken(undefined);
}
