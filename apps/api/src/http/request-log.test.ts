import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { EDITOR_API } from '@site/page-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { HttpEditor } from '../../test/http-editor';
import { startBuiltServer, type StartedServer } from '../../test/server';
import { apiRoot } from '../paths';
import { DEMO_WEBSITE_ID } from '../seed/demo-site';

const BANNER = 'Site builder is running at';
const built = existsSync(join(apiRoot, 'dist', 'main.js'));
if (!built) console.warn('request log tests skipped: dist/main.js is not built (pnpm build)');

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The JSON log lines after the banner (anything else there is a stray line the test shows). */
function linesAfterBanner(output: string): (LogLine | string)[] {
  const after = output.slice(output.indexOf(BANNER)).split('\n').slice(1);
  return after
    .filter((line) => line.trim() !== '' && !line.startsWith('  '))
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return line;
      }
    });
}

/** A POST whose body arrives `delayMs` after its headers: slow however fast the server is. */
function slowPost(url: string, headers: Record<string, string>, delayMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': '2' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write('{');
    setTimeout(() => req.end('}'), delayMs);
  });
}

describe.skipIf(!built)('the log at the default level', () => {
  let server: StartedServer;

  beforeAll(async () => {
    server = await startBuiltServer({
      LOG_LEVEL: undefined,
      LOG_SUMMARY_SECONDS: '1',
      SLOW_REQUEST_MS: '1000',
    });
    await eventually(() => expect(server.output()).toContain(BANNER), 5000);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('prints fewer than 30 lines before the banner, and the banner last', () => {
    const output = server.output();
    const before = output
      .slice(0, output.indexOf(BANNER))
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(before.length).toBeLessThan(30);
    // Whatever came after the banner is the summary of the start-up's health checks, nothing else.
    for (const line of linesAfterBanner(output))
      expect(typeof line === 'object' && line.summary === true, JSON.stringify(line)).toBe(true);
  });

  it('logs no line per request, and one summary per interval with the counts and percentiles', async () => {
    const visitor = new HttpEditor();
    const paths = ['/', '/shop', '/api/health', '/no-such-page', '/api/no-such-call'];
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++)
      for (const path of paths) statuses.push((await visitor.call(`${server.url}${path}`)).status);
    const notFound = statuses.filter((s) => s === 404).length;
    expect(notFound).toBeGreaterThanOrEqual(4);

    let summaries: LogLine[] = [];
    await expect
      .poll(
        () => {
          const lines = linesAfterBanner(server.output());
          summaries = lines.filter((l): l is LogLine => typeof l === 'object' && l.summary === true);
          // A request is counted once its answer is sent, so the last may fall in the next summary.
          const sum = (field: string) => summaries.reduce((n, s) => n + (s[field] as number), 0);
          return sum('requests') >= statuses.length && sum('clientErrors') >= notFound;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    for (const summary of summaries) {
      expect(summary.level).toBe(30);
      expect(summary).toMatchObject({ p50Ms: expect.any(Number), p95Ms: expect.any(Number) });
      expect(summary.p95Ms as number).toBeGreaterThanOrEqual(summary.p50Ms as number);
      expect(summary.msg).toMatch(
        /^\d+ requests in \d+ s: \d+ 4xx, \d+ 5xx, \d+ slow, p50 [\d.]+ ms, p95 [\d.]+ ms$/,
      );
    }
    // A request slower than SLOW_REQUEST_MS is the only kind logged on its own at this level.
    for (const line of linesAfterBanner(server.output())) {
      const known = typeof line === 'object' && (line.summary === true || line.msg === 'slow request');
      expect(known, JSON.stringify(line)).toBe(true);
    }
  }, 60_000);

  it('logs a slow request at info with its site, request id and signed-in user', async () => {
    const owner = await new HttpEditor().signIn(server.url);
    const me = (await (await owner.call(`${server.url}${EDITOR_API.me}`)).json()) as { memberId: string };
    const status = await slowPost(
      `${server.url}${EDITOR_API.pages}`,
      {
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': owner.cookies.get('crumb') ?? '',
        'x-siteuser-xsrf-token': owner.xsrf,
      },
      1500,
    );
    // An empty page is refused after the role guard has seen the owner.
    expect(status).toBe(400);
    let slow: LogLine | undefined;
    await expect
      .poll(() => {
        slow = linesAfterBanner(server.output()).find(
          (l): l is LogLine =>
            typeof l === 'object' && l.msg === 'slow request' && l.url === EDITOR_API.pages,
        );
        return slow;
      })
      .toBeDefined();
    expect(slow).toMatchObject({
      level: 30,
      method: 'POST',
      status: 400,
      site: DEMO_WEBSITE_ID,
      user: me.memberId,
      reqId: expect.stringMatching(/^[0-9a-f]{12}$/),
      slowMs: 1000,
    });
    expect(slow!.ms as number).toBeGreaterThanOrEqual(1400);
  }, 60_000);
});
