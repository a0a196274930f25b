import { messages } from '../messages';
import type { CaptchaAction, CaptchaProvider } from './captcha';

/** Containers narrower than this get the compact widget (platform.md §5). */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

/** The part of the provider's enterprise script (`grecaptcha.enterprise`) the page uses. */
export interface CaptchaScriptApi {
  ready(callback: () => void): void;
  render(
    container: CaptchaContainer,
    parameters: { sitekey: string; size: 'compact' | 'normal'; action?: string },
  ): number;
  execute(widgetId: number, options: { action: string }): Promise<string>;
  reset(widgetId: number): void;
}

/** Where the widget goes: an element, modelled by what the provider reads. */
export interface CaptchaContainer {
  readonly clientWidth: number;
  /** False once the element left the document (the form was replaced or the page torn down). */
  readonly isConnected: boolean;
}

export interface ScriptCaptchaOptions {
  /** The site key of the website's captchaSettings; without one nothing is rendered. */
  siteKey: string | undefined;
  container: CaptchaContainer;
  /** Loads the provider's script once and answers its API (undefined when it did not define one). */
  loadScript: () => Promise<CaptchaScriptApi | undefined>;
}

// One widget per container, whoever asks: a form re-enhanced must not stack a second widget.
const rendered = new WeakMap<CaptchaContainer, Promise<number>>();

/**
 * The real bot check: the provider's script, loaded from the site key, renders its widget into the
 * form's container (compact below 320 px) and mints a token per action. It rejects with 'ReCaptcha
 * has not been set up!' without a site key or script, and with 'Document was destroyed' when the
 * container left the page; the submission flow turns any rejection or empty token into
 * 'Complete CAPTCHA before submitting.'.
 */
export function createScriptCaptchaProvider(
  options: ScriptCaptchaOptions,
): CaptchaProvider & { render(): Promise<number> } {
  const { siteKey, container } = options;
  const api = () =>
    options.loadScript().then((loaded) => {
      if (!loaded) throw new Error(messages.captchaNotSetUp);
      return new Promise<CaptchaScriptApi>((resolve) => loaded.ready(() => resolve(loaded)));
    });
  const render = (): Promise<number> => {
    if (!siteKey) return Promise.reject(new Error(messages.captchaNotSetUp));
    if (!container.isConnected) return Promise.reject(new Error(messages.captchaDocumentDestroyed));
    let widget = rendered.get(container);
    if (!widget) {
      widget = api().then((loaded) =>
        loaded.render(container, {
          sitekey: siteKey,
          size: container.clientWidth < CAPTCHA_COMPACT_BELOW_PX ? 'compact' : 'normal',
        }),
      );
      // A failed load may be retried by the next submission.
      widget.catch(() => rendered.delete(container));
      rendered.set(container, widget);
    }
    return widget;
  };
  return {
    render,
    async getToken(action: CaptchaAction) {
      const widgetId = await render();
      if (!container.isConnected) throw new Error(messages.captchaDocumentDestroyed);
      const loaded = await api();
      const token = await loaded.execute(widgetId, { action });
      return token || null;
    },
    reset() {
      const widget = rendered.get(container);
      if (!widget) return;
      void widget.then((id) => api().then((loaded) => loaded.reset(id))).catch(() => undefined);
    },
  };
}
