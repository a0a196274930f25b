import {
  captchaFailureMessage,
  createScriptCaptchaProvider,
  messages,
  type CaptchaAction,
  type CaptchaProvider,
  type CaptchaScriptApi,
} from '@site/forms';

/** The provider's enterprise script; widgets are rendered explicitly, one per form. */
export const CAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js?render=explicit';

declare global {
  interface Window {
    grecaptcha?: { enterprise?: CaptchaScriptApi };
  }
}

const loads = new WeakMap<Document, Promise<CaptchaScriptApi | undefined>>();

/** Adds the script once per page; resolves with its API, undefined when it defined none. */
export function loadCaptchaScript(
  doc: Document,
  src = CAPTCHA_SCRIPT_URL,
): Promise<CaptchaScriptApi | undefined> {
  const win = doc.defaultView;
  if (win?.grecaptcha?.enterprise) return Promise.resolve(win.grecaptcha.enterprise);
  let load = loads.get(doc);
  if (!load) {
    load = new Promise((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve(doc.defaultView?.grecaptcha?.enterprise));
      script.addEventListener('error', () => {
        loads.delete(doc);
        script.remove();
        // Blocked or offline: to the visitor the captcha is simply not set up.
        reject(
          new Error(messages.captchaNotSetUp, {
            cause: new Error(`The captcha script did not load (${src})`),
          }),
        );
      });
      doc.head.append(script);
    });
    loads.set(doc, load);
  }
  return load;
}

/**
 * The form's real bot check when the site has a captcha site key: its widget goes just above the
 * submit button and is rendered when the visitor first focuses a field (the badge stays hidden
 * until then, storefront.md §7).
 */
export function mountScriptCaptcha(formEl: HTMLFormElement, siteKey: string): CaptchaProvider {
  const container = formEl.ownerDocument.createElement('div');
  container.className = 'form-captcha';
  const button = formEl.querySelector('button[type="submit"]');
  if (button) button.before(container);
  else formEl.append(container);
  return attachScriptCaptcha(formEl, container, siteKey);
}

/** The widget in `container`, rendered on the first focus inside `root`. */
export function attachScriptCaptcha(
  root: HTMLElement,
  container: HTMLElement,
  siteKey: string,
): CaptchaProvider {
  const doc = root.ownerDocument;
  const captcha = createScriptCaptchaProvider({
    siteKey,
    container,
    loadScript: () => loadCaptchaScript(doc),
  });
  root.addEventListener(
    'focusin',
    () => void captcha.render().catch((error: unknown) => console.warn('Captcha did not render', error)),
    { once: true },
  );
  return captcha;
}

/**
 * The token for a sign-up outside the form flow (restock, the popup). Without one it resets the
 * widget and throws the visitor's message: 'Complete CAPTCHA before submitting.', or the
 * provider's 'ReCaptcha has not been set up!' / 'Document was destroyed'.
 */
export async function captchaTokenFor(
  captcha: CaptchaProvider | undefined,
  action: CaptchaAction,
): Promise<string> {
  if (!captcha) throw messages.captchaNotSetUp;
  let rejection: unknown;
  const token = await captcha.getToken(action).catch((error: unknown) => {
    rejection = error;
    return null;
  });
  if (token) return token;
  captcha.reset();
  throw captchaFailureMessage(rejection);
}
