import { describe, expect, it } from 'vitest';
import { createBlock, pageDocumentSchema } from '../document/page-document';
import { messages } from '../messages';
import { documentReferences, renderBlock } from '../render/render-document';
import {
  emptyLinkDraft,
  linkHref,
  parseLinkHref,
  resolvePageLinks,
  validateLink,
  type LinkDraft,
} from './links';
import { plainTextToHtml } from './plain-text';

const draft = (patch: Partial<LinkDraft>): LinkDraft => ({ ...emptyLinkDraft(patch.type), ...patch });
const EMAIL_FORMAT = messages.emailsMustBeFormatted('name@example.com');
const LINK_FORMAT = messages.linksMustBeFormatted('example.com', 'https://example.com');

describe('validateLink', () => {
  it.each<[string, Partial<LinkDraft>, Partial<Record<keyof LinkDraft, string>>]>([
    ['a listed page', { type: 'page', pageId: 'p1' }, {}],
    ['no page chosen', { type: 'page', pageId: '' }, { pageId: messages.choosePage }],
    ['a page not offered', { type: 'page', pageId: 'gone' }, { pageId: messages.notExpectedOption('gone') }],
    ['an unknown type', { type: 'fax' as never }, { type: messages.notExpectedOption('fax') }],
    ['a bare host', { type: 'url', url: 'example.com/shop' }, {}],
    ['an https address', { type: 'url', url: 'https://example.com' }, {}],
    ['words', { type: 'url', url: 'not a link' }, { url: LINK_FORMAT }],
    ['javascript:', { type: 'url', url: 'javascript:alert(1)' }, { url: LINK_FORMAT }],
    ['ftp:', { type: 'url', url: 'ftp://example.com' }, { url: LINK_FORMAT }],
    ['empty address', { type: 'url', url: '' }, { url: LINK_FORMAT }],
    ['an email', { type: 'email', to: 'a@example.com', cc: 'b@example.com, c@example.com' }, {}],
    ['no recipient', { type: 'email', to: '' }, { to: messages.pleaseEnterValidEmail }],
    ['a bad recipient', { type: 'email', to: 'a@b' }, { to: messages.pleaseEnterValidEmail }],
    ['a bad CC', { type: 'email', to: 'a@example.com', cc: 'b@example.com, nope' }, { cc: EMAIL_FORMAT }],
    ['a bad BCC', { type: 'email', to: 'a@example.com', bcc: 'x y@example.com' }, { bcc: EMAIL_FORMAT }],
    ['a phone number', { type: 'phone', phone: '+44 (0)20 7946-0958' }, {}],
    ['letters in a phone number', { type: 'phone', phone: 'call me' }, { phone: messages.invalidPhone }],
    ['a file', { type: 'file', fileUrl: '/files/f1/menu.pdf' }, {}],
    ['no file', { type: 'file', fileUrl: '' }, { fileUrl: messages.chooseFile }],
  ])('%s', (_, patch, errors) => {
    expect(validateLink(draft(patch), ['p1'])).toEqual(errors);
  });
});

describe('linkHref and parseLinkHref', () => {
  it('builds a mailto: URL with encoded fields and reads it back', () => {
    const email = draft({
      type: 'email',
      to: 'shop@example.com',
      cc: 'a@example.com, b@example.com',
      subject: 'Hello & welcome?',
      body: 'Line one\nLine two',
    });
    const href = linkHref(email);
    expect(href).toBe(
      'mailto:shop@example.com?cc=a%40example.com%2Cb%40example.com&subject=Hello%20%26%20welcome%3F&body=Line%20one%0ALine%20two',
    );
    expect(parseLinkHref(href)).toEqual({ ...email, cc: 'a@example.com,b@example.com' });
  });

  it.each<[Partial<LinkDraft>, string]>([
    [{ type: 'page', pageId: 'p1' }, 'page:p1'],
    [{ type: 'url', url: 'example.com' }, 'https://example.com'],
    [{ type: 'phone', phone: '+44 (0)20 7946-0958' }, 'tel:+4402079460958'],
    [{ type: 'file', fileUrl: '/files/f1/menu.pdf' }, '/files/f1/menu.pdf'],
  ])('%o is %s', (patch, href) => {
    expect(linkHref(draft(patch))).toBe(href);
    expect(parseLinkHref(href).type).toBe(patch.type);
  });
});

describe('text block', () => {
  const textBlock = (settings: Record<string, unknown>) =>
    pageDocumentSchema.parse({
      sections: [{ id: 's1', blocks: [{ id: 'b1', type: 'text', settings }] }],
    }).sections[0]!.blocks[0]!;

  it('sanitises its HTML when parsed, so only clean HTML is ever stored', () => {
    const block = textBlock({ html: '<p onclick="alert(1)">Hi<script>alert(2)</script></p>' });
    expect(block.settings.html).toBe('<p>Hi</p>');
  });

  it('renders page links at their current path and reports the pages it needs', () => {
    const block = textBlock({ html: '<p><a href="page:p1">About</a> <a href="page:gone">Old</a></p>' });
    const html = renderBlock(block, {
      ...{ products: new Map(), collections: new Map(), forms: new Map() },
      pages: new Map([['p1', '/about-us']]),
    }).html;
    expect(html).toContain('<a href="/about-us">About</a> <a href="#">Old</a>');
    expect(
      documentReferences({ sections: [{ id: 's1', background: 'default', width: 'wide', blocks: [block] }] })
        .pages,
    ).toEqual(['p1', 'gone']);
  });

  it('still shows the plain text of older documents as paragraphs', () => {
    const block = textBlock({ text: 'One <b>\n\nTwo' });
    expect(renderBlock(block).html).toContain('<p>One &lt;b&gt;</p><p>Two</p>');
    expect(plainTextToHtml('One <b>\nstill one\n\nTwo')).toBe('<p>One &lt;b&gt;<br>still one</p><p>Two</p>');
    expect(createBlock('text').settings.html).toBe('');
  });

  it('sanitises settings that no schema has parsed (the editor preview) when rendering', () => {
    const block = {
      id: 'b1',
      type: 'text',
      settings: { text: '', align: 'left', html: '<p onclick="x">a<script>b</script></p>' },
    };
    expect(renderBlock(block).html).toContain('<p>a</p>');
  });

  it('keeps href resolution safe when a path holds quotes', () => {
    expect(resolvePageLinks('<a href="page:p1">x</a>', new Map([['p1', '/a"b']]))).toBe(
      '<a href="/a&quot;b">x</a>',
    );
  });
});
