import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { popupOverlayContentSchema, PopupOverlaySettings, updatePopupOverlaySchema } from './popup-overlay';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

describe('pop-up schema', () => {
  it('fills in the defaults and trims what the owner typed', () => {
    expect(popupOverlayContentSchema.parse({ title: '  Hello  ', newsletter: {} })).toEqual({
      title: 'Hello',
      body: '',
      newsletter: { doubleOptIn: true, buttonLabel: 'Sign up', placeholder: 'Email address' },
      delaySeconds: 5,
      hideForDays: 7,
    });
  });

  it('names each mistake at its field with its own message', () => {
    const result = popupOverlayContentSchema.safeParse({
      title: 'x'.repeat(201),
      action: { label: 'Go', href: 'javascript:alert(1)' },
      delaySeconds: Number.NaN,
      hideForDays: 1.5,
    });
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        { path: ['title'], message: messages.popupOverlay.titleTooLong },
        { path: ['action', 'href'], message: messages.popupOverlay.unsafeHref },
        { path: ['delaySeconds'], message: messages.popupOverlay.delayOutOfRange },
        { path: ['hideForDays'], message: messages.popupOverlay.hideForDaysOutOfRange },
      ]),
    );
  });

  it('refuses fields it does not know, and an enabled pop-up without content', () => {
    expect(popupOverlayContentSchema.safeParse({ title: 'x', onclick: 'alert(1)' }).success).toBe(false);
    expect(issues(updatePopupOverlaySchema.safeParse({ enabled: true, content: null, version: 0 }))).toEqual([
      { path: ['content'], message: messages.popupOverlay.titleRequired },
    ]);
    expect(updatePopupOverlaySchema.safeParse({ enabled: false, content: null, version: 0 }).success).toBe(
      true,
    );
  });

  it('reads stored settings as the storefront shows them: only when turned on', () => {
    const stored = { title: 'Hi', version: 2, delaySeconds: 1, hideForDays: 1 };
    expect(PopupOverlaySettings.safeParse({ ...stored, enabled: true }).success).toBe(true);
    expect(PopupOverlaySettings.safeParse({ ...stored, enabled: false }).success).toBe(false);
  });
});
