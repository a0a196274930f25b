import {
  DEFAULT_EMAIL_ACCENT,
  SHOP_EMAIL_DEFAULTS,
  SHOP_EMAIL_KINDS,
  SHOP_EMAIL_PLACEHOLDERS,
  STORE_API,
  type ShopEmailKind,
  type ShopEmailTemplate,
  type ShopEmailTemplateView,
} from '@site/commerce-core/admin';
import { EDITOR_API } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import {
  button,
  click,
  eventually,
  field,
  me,
  mount,
  stubServer,
  type,
  unmount,
  type Call,
} from '../test/dom';
import { ShopEmailsScreen } from './ShopEmailsScreen';

afterEach(unmount);

/** What the server renders: the subject and opening text filled in for the sample order. */
const render = (kind: ShopEmailKind, t: ShopEmailTemplate) => {
  const subject = (t.subject || SHOP_EMAIL_DEFAULTS[kind].subject).replace('{shop}', 'Fieldnotes');
  const intro = t.intro || SHOP_EMAIL_DEFAULTS[kind].intro;
  return {
    subject,
    html: `<p style="color:${t.accentColour || DEFAULT_EMAIL_ACCENT}">${intro}</p>`,
    text: intro,
  };
};

/** The shop's emails as the server keeps them, answering the screen's calls. */
function emailServer(canEdit = true, roles?: string[]) {
  const saved: Partial<Record<ShopEmailKind, ShopEmailTemplate>> = {
    shipping: { subject: 'Shipped from {shop}' },
  };
  const view = (kind: ShopEmailKind): ShopEmailTemplateView => ({
    kind,
    enabled: kind !== 'low-stock',
    placeholders: SHOP_EMAIL_PLACEHOLDERS[kind],
    saved: saved[kind] ?? {},
    defaults: { ...SHOP_EMAIL_DEFAULTS[kind], accentColour: DEFAULT_EMAIL_ACCENT },
    preview: render(kind, saved[kind] ?? {}),
  });
  const calls = stubServer((call: Call) => {
    if (call.url === EDITOR_API.me) {
      const answer = me(canEdit);
      return roles ? { ...answer, body: { ...(answer.body as object), roles, canEdit } } : answer;
    }
    if (call.url === STORE_API.shopEmails)
      return { status: 200, body: { emails: SHOP_EMAIL_KINDS.map(view) } };
    const kind = SHOP_EMAIL_KINDS.find((k) => call.url.startsWith(STORE_API.shopEmail(k)));
    if (!kind) return undefined;
    const body = (call.body ?? {}) as ShopEmailTemplate;
    if (call.url === STORE_API.shopEmailPreview(kind)) {
      if (body.subject?.includes('{ordr}'))
        return {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION',
              message: 'Refused',
              issues: [{ path: ['subject'], message: '{ordr} is not something this email can fill in.' }],
            },
          },
        };
      return { status: 200, body: render(kind, body) };
    }
    if (call.url === STORE_API.shopEmailTest(kind))
      return {
        status: 202,
        body: { to: 'o@example.com', message: 'A test email is on its way to o@example.com.' },
      };
    if (call.method === 'PUT') saved[kind] = Object.fromEntries(Object.entries(body).filter(([, v]) => v));
    if (call.method === 'DELETE') delete saved[kind];
    return { status: 200, body: view(kind) };
  });
  return { calls, saved };
}

const frame = (host: HTMLElement) => host.querySelector('iframe')!;

describe('the shop emails screen', () => {
  it('lists the emails, previews a draft as typed, saves it, sends a test and restores the default', async () => {
    const { calls, saved } = emailServer();
    const host = await mount(<ShopEmailsScreen />);
    await eventually(() => expect(host.querySelectorAll('nav li')).toHaveLength(5));
    expect(host.querySelector('nav')!.textContent).toContain('Low stock (to you)Off');
    expect(frame(host).getAttribute('srcdoc')).toContain(SHOP_EMAIL_DEFAULTS['order-receipt'].intro);

    await click(button(host, /Order shipped/)!);
    const subject = field(host, 'Subject');
    expect(subject.value).toBe('Shipped from {shop}');
    expect(host.textContent).toContain('Shipped from Fieldnotes');
    expect(button(host, 'Restore the default')!.disabled).toBe(false);

    await type(subject, 'On its way from {shop}');
    await type(field(host, 'Opening text'), 'Your parcel left today.');
    expect(button(host, 'Send me a test')!.disabled).toBe(true);
    await eventually(() =>
      expect(host.querySelector('[data-testid="preview-subject"]')!.textContent).toBe(
        'On its way from Fieldnotes',
      ),
    );
    expect(frame(host).getAttribute('srcdoc')).toContain('Your parcel left today.');
    expect(frame(host).getAttribute('sandbox')).toBe('');
    // Nothing saved by previewing.
    expect(saved.shipping).toEqual({ subject: 'Shipped from {shop}' });

    await click(button(host, 'Save email')!);
    await eventually(() =>
      expect(saved.shipping).toEqual({ subject: 'On its way from {shop}', intro: 'Your parcel left today.' }),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      subject: 'On its way from {shop}',
      intro: 'Your parcel left today.',
      accentColour: '',
    });

    await eventually(() => expect(button(host, 'Send me a test')!.disabled).toBe(false));
    await click(button(host, 'Send me a test')!);
    await eventually(() =>
      expect(host.textContent).toContain('A test email is on its way to o@example.com.'),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url === STORE_API.shopEmailTest('shipping'))).toBe(
      true,
    );

    await click(button(host, 'Restore the default')!);
    await eventually(() => expect(field(host, 'Subject').value).toBe(''));
    expect(saved.shipping).toBeUndefined();
    expect(host.querySelector('[data-testid="preview-subject"]')!.textContent).toBe(
      'Your Fieldnotes order #{order} has shipped',
    );
  });

  it('names a placeholder the email cannot fill at the subject, and a viewer can only look', async () => {
    emailServer();
    const host = await mount(<ShopEmailsScreen />);
    await eventually(() => expect(host.querySelector('input')).not.toBeNull());
    await type(field(host, 'Subject'), 'Order {ordr}');
    await eventually(() =>
      expect(host.textContent).toContain('{ordr} is not something this email can fill in.'),
    );
    expect(field(host, 'Subject').getAttribute('aria-invalid')).toBe('true');
    await unmount();

    emailServer(false);
    const viewer = await mount(<ShopEmailsScreen />);
    await eventually(() => expect(viewer.querySelector('input')).not.toBeNull());
    expect(field(viewer, 'Subject').closest('fieldset')!.disabled).toBe(true);
    expect(button(viewer, 'Save email')).toBeUndefined();
    expect(frame(viewer).getAttribute('srcdoc')).toContain(SHOP_EMAIL_DEFAULTS['order-receipt'].intro);
  });

  it('a store manager edits the shop’s emails though pages stay closed to them (canEdit false)', async () => {
    emailServer(false, ['store-manager']);
    const host = await mount(<ShopEmailsScreen />);
    await eventually(() => expect(host.querySelector('input')).not.toBeNull());
    expect(field(host, 'Subject').closest('fieldset')!.disabled).toBe(false);
    expect(button(host, 'Save email')).toBeDefined();
  });
});
