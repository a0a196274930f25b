import { CAPTCHA_ACTIONS, type CaptchaAction } from '@site/forms';

/** What the server knows when it checks a bot-check token. */
export interface CaptchaCheck {
  token: string;
  action: CaptchaAction;
  websiteId: string;
  formId: string;
  /** The visitor's address; real providers use it as a risk signal. */
  ip: string;
}

/**
 * Verifies a captcha token server-side. The browser's CaptchaProvider (from @site/forms) issues
 * tokens; a verifier decides whether one is genuine. A real provider plugs in by implementing
 * this interface (see createSiteVerifyCaptchaVerifier) and passing it to registerFormRoutes.
 */
export interface CaptchaVerifier {
  readonly name: string;
  /** True when the token is genuine for this action; false otherwise. May throw on outage. */
  verify(check: CaptchaCheck): Promise<boolean>;
}

/** The token createLocalCaptchaProvider() hands out when called without arguments. */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-token';

/**
 * Accepts exactly the tokens the local provider issues. It proves nothing about the visitor, so
 * it is for development, tests and demos only; production sets CAPTCHA_VERIFY_URL/SECRET.
 */
export function createLocalCaptchaVerifier(
  accepted: readonly string[] = [LOCAL_CAPTCHA_TOKEN],
): CaptchaVerifier {
  const tokens = new Set(accepted);
  return { name: 'local', verify: async ({ token }) => tokens.has(token) };
}

export interface SiteVerifyOptions {
  /** The provider's verification endpoint (the "siteverify" URL of reCAPTCHA-style services). */
  url: string;
  secret: string;
  /** Score below which a v3/enterprise-style answer is refused; ignored when no score is given. */
  minScore?: number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * A verifier for the common "siteverify" protocol: POST secret, response (the token) and remoteip
 * as a form; the answer is JSON with `success`, and optionally `action` and `score`. reCAPTCHA,
 * hCaptcha and Turnstile all speak it, so most real providers need only a URL and a secret.
 */
export function createSiteVerifyCaptchaVerifier(options: SiteVerifyOptions): CaptchaVerifier {
  const doFetch = options.fetch ?? globalThis.fetch;
  const minScore = options.minScore ?? 0.5;
  return {
    name: 'siteverify',
    async verify({ token, action, ip }) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new Error(`captcha provider answered ${response.status}`);
      const answer = (await response.json()) as { success?: unknown; action?: unknown; score?: unknown };
      if (answer.success !== true) return false;
      // A token minted for another action (say, the restock form) must not unlock this one.
      if (typeof answer.action === 'string' && answer.action !== '' && answer.action !== action) return false;
      if (typeof answer.score === 'number' && answer.score < minScore) return false;
      return true;
    },
  };
}

/**
 * The verifier the server uses when none is passed in: siteverify when CAPTCHA_VERIFY_URL and
 * CAPTCHA_SECRET are set, else the local one.
 */
export function captchaVerifierFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaVerifier {
  const url = env.CAPTCHA_VERIFY_URL;
  const secret = env.CAPTCHA_SECRET;
  if (url && secret) {
    const minScore = env.CAPTCHA_MIN_SCORE ? Number(env.CAPTCHA_MIN_SCORE) : undefined;
    return createSiteVerifyCaptchaVerifier({
      url,
      secret,
      ...(Number.isFinite(minScore) ? { minScore } : {}),
    });
  }
  return createLocalCaptchaVerifier();
}

export const FORM_CAPTCHA_ACTION: CaptchaAction = CAPTCHA_ACTIONS.form;

/**
 * The site's captcha is on once the owner saved a site key (platform.md: "Website captcha
 * settings: siteKey"); newsletter and restock sign-ups then need a token, like captcha forms.
 */
export function siteCaptchaKey(settings: unknown): string | undefined {
  const key = (settings as { captchaSettings?: { siteKey?: unknown } } | null | undefined)?.captchaSettings
    ?.siteKey;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** pass: verified or the site has no captcha; missing/invalid: 'Complete CAPTCHA'; unavailable: retry later. */
export type SiteCaptchaVerdict = 'pass' | 'missing' | 'invalid' | 'unavailable';

/** Checks a sign-up's token when the site has its captcha on. */
export async function siteCaptchaVerdict(
  verifier: CaptchaVerifier,
  settings: unknown,
  check: Omit<CaptchaCheck, 'token'> & { token: string | undefined },
  log: { warn(details: object, message: string): void },
): Promise<SiteCaptchaVerdict> {
  if (!siteCaptchaKey(settings)) return 'pass';
  if (!check.token) return 'missing';
  try {
    return (await verifier.verify({ ...check, token: check.token })) ? 'pass' : 'invalid';
  } catch (err) {
    log.warn({ err, verifier: verifier.name }, 'captcha verification failed');
    return 'unavailable';
  }
}
