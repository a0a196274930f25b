import { createLocalCaptchaProvider } from '@site/forms';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCaptchaVerifier } from '../../test/captcha-verifier';
import {
  captchaVerifierFromEnv,
  createLocalCaptchaVerifier,
  createSiteVerifyCaptchaVerifier,
  LOCAL_CAPTCHA_TOKEN,
  type CaptchaCheck,
} from './captcha';

const check = (token: string): CaptchaCheck => ({
  token,
  action: 'FORM_BLOCK_SUBMISSION',
  websiteId: 'demo',
  formId: 'f',
  ip: '10.0.0.1',
});

describe('local captcha verifier', () => {
  it('accepts what the local provider issues and nothing else', async () => {
    const token = await createLocalCaptchaProvider().getToken('FORM_BLOCK_SUBMISSION');
    expect(token).toBe(LOCAL_CAPTCHA_TOKEN);
    const verifier = createLocalCaptchaVerifier();
    expect(await verifier.verify(check(token!))).toBe(true);
    expect(await verifier.verify(check('forged'))).toBe(false);
  });

  it('can be told which tokens to accept', async () => {
    const verifier = createLocalCaptchaVerifier(['a', 'b']);
    expect(await verifier.verify(check('b'))).toBe(true);
    expect(await verifier.verify(check(LOCAL_CAPTCHA_TOKEN))).toBe(false);
  });
});

describe('siteverify captcha verifier', () => {
  const answering = (status: number, body: unknown) =>
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it('posts secret, token and address as a form and accepts success', async () => {
    const fetch = answering(200, { success: true, action: 'FORM_BLOCK_SUBMISSION', score: 0.9 });
    const verifier = createSiteVerifyCaptchaVerifier({
      url: 'https://captcha.test/siteverify',
      secret: 's3cret',
      fetch,
    });
    expect(await verifier.verify(check('tok'))).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://captcha.test/siteverify');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      secret: 's3cret',
      response: 'tok',
      remoteip: '10.0.0.1',
    });
  });

  it.each([
    ['an unsuccessful answer', { success: false }],
    ['a token minted for another action', { success: true, action: 'PRODUCT_WAITLIST_SUBMISSION' }],
    ['a score under the minimum', { success: true, score: 0.1 }],
  ])('refuses %s', async (_label, body) => {
    const verifier = createSiteVerifyCaptchaVerifier({
      url: 'https://captcha.test',
      secret: 's',
      fetch: answering(200, body),
    });
    expect(await verifier.verify(check('tok'))).toBe(false);
  });

  it('throws when the provider is failing, so the API can answer "try again later"', async () => {
    const verifier = createSiteVerifyCaptchaVerifier({
      url: 'https://captcha.test',
      secret: 's',
      fetch: answering(500, {}),
    });
    await expect(verifier.verify(check('tok'))).rejects.toThrow('500');
  });
});

describe('captchaVerifierFromEnv', () => {
  it('uses siteverify when a URL and secret are configured, else the local verifier', () => {
    expect(
      captchaVerifierFromEnv({
        CAPTCHA_VERIFY_URL: 'https://captcha.test',
        CAPTCHA_SECRET: 's',
        CAPTCHA_MIN_SCORE: '0.7',
      }).name,
    ).toBe('siteverify');
    expect(captchaVerifierFromEnv({ CAPTCHA_VERIFY_URL: 'https://captcha.test' }).name).toBe('local');
    expect(captchaVerifierFromEnv({}).name).toBe('local');
  });
});

describe('siteverify over HTTP against a local verifier on 127.0.0.1', () => {
  let verifierServer: Awaited<ReturnType<typeof startCaptchaVerifier>>;
  let url = '';
  let seen: Record<string, string>[] = [];
  beforeAll(async () => {
    verifierServer = await startCaptchaVerifier({
      'form-token': 'FORM_BLOCK_SUBMISSION',
      'waitlist-token': 'PRODUCT_WAITLIST_SUBMISSION',
    });
    ({ url, seen } = verifierServer);
  });
  afterAll(() => verifierServer.close());

  it('is configured from CAPTCHA_VERIFY_URL and CAPTCHA_SECRET and asks the provider over the network', async () => {
    const verifier = captchaVerifierFromEnv({ CAPTCHA_VERIFY_URL: url, CAPTCHA_SECRET: 'local-secret' });
    expect(verifier.name).toBe('siteverify');
    expect(await verifier.verify(check('form-token'))).toBe(true);
    expect(seen.at(-1)).toEqual({ secret: 'local-secret', response: 'form-token', remoteip: '10.0.0.1' });
    expect(await verifier.verify(check('waitlist-token'))).toBe(false);
    expect(await verifier.verify(check('forged'))).toBe(false);
    const wrongSecret = captchaVerifierFromEnv({ CAPTCHA_VERIFY_URL: url, CAPTCHA_SECRET: 'guess' });
    expect(await wrongSecret.verify(check('form-token'))).toBe(false);
  });

  it('throws when the verifier cannot be reached, so the API answers "try again later"', async () => {
    const verifier = createSiteVerifyCaptchaVerifier({
      url: 'http://127.0.0.1:9/siteverify',
      secret: 'local-secret',
      timeoutMs: 2000,
    });
    await expect(verifier.verify(check('form-token'))).rejects.toThrow();
  });
});
