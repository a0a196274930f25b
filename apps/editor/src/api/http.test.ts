import { messages } from '@site/page-content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, jobRequest } from './http';

afterEach(() => vi.unstubAllGlobals());

/** The server answers every call with this status and raw body (a proxy's HTML page, nothing…). */
function answer(status: number, body: string | null, type = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/crumb'
        ? Response.json({ crumb: 'c' })
        : new Response(body, { status, headers: { 'content-type': type } }),
    ),
  );
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as ApiError,
  );

describe('the editor’s calls when the server cannot be reached (platform.md §8)', () => {
  it.each([
    [502, '<html>Bad gateway</html>', 'text/html'],
    [503, JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'database away' } }), 'application/json'],
    [504, '', 'text/plain'],
  ])('answers %i with "Unable to connect. Please try again"', async (status, body, type) => {
    answer(status, body, type);
    const error = await failure(api('GET', '/api/editor/site'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(messages.unableToConnect);
  });

  it('keeps "Something went wrong" for a fault in the server itself', async () => {
    answer(500, JSON.stringify({ error: { code: 'INTERNAL', message: 'stack trace' } }));
    expect((await failure(api('GET', '/api/editor/site'))).message).toBe(messages.somethingWentWrong);
  });
});

describe('a job request whose answer holds no job', () => {
  const parse = (body: unknown) => {
    if (typeof body !== 'object' || body === null || !('id' in body)) throw new Error('not a job');
    return body as { id: string };
  };

  it.each([
    ['an empty body', 200, ''],
    ['no content', 204, null],
    ['something that is not a job', 200, JSON.stringify({ ok: true })],
  ])('names %s "No response data from job request"', async (_, status, body) => {
    answer(status, body);
    const error = await failure(jobRequest(parse, 'POST', '/api/job'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NO_JOB_DATA');
    expect(error.message).toBe(messages.noResponseDataFromJob);
  });

  it('passes a job through, and a refusal with the server’s own words', async () => {
    answer(200, JSON.stringify({ id: 'j1' }));
    expect(await jobRequest(parse, 'GET', '/api/job')).toEqual({ id: 'j1' });
    answer(403, JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Only the owner may export.' } }));
    expect((await failure(jobRequest(parse, 'GET', '/api/job'))).message).toBe('Only the owner may export.');
  });
});
