import { messages } from '../messages';
import { isSafeHref } from '../text';
import { PAGE_HREF } from './sanitize';

/** Link types of the link editor (platform.md §2), in the order it offers them. */
export const LINK_TYPES = ['page', 'url', 'email', 'phone', 'file'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  page: 'Page',
  url: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
};

/** What the link editor's form holds; `linkHref` turns it into the stored href. */
export interface LinkDraft {
  type: LinkType;
  pageId: string;
  url: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  phone: string;
  /** The file's address as the file manager serves it. */
  fileUrl: string;
  newWindow: boolean;
  /** Link Name: the text shown when the link is inserted with no text selected. */
  name: string;
}

export type LinkErrors = Partial<Record<keyof LinkDraft, string>>;

export const EXAMPLE_EMAIL = 'name@example.com';
export const EXAMPLE_HOSTS = ['example.com', 'https://example.com'] as const;

export function emptyLinkDraft(type: LinkType = 'page'): LinkDraft {
  return {
    type,
    pageId: '',
    url: '',
    to: '',
    cc: '',
    bcc: '',
    subject: '',
    body: '',
    phone: '',
    fileUrl: '',
    newWindow: false,
    name: '',
  };
}

// Deliberately loose, like the browser's own type=email check: one @, no spaces, a dot in the
// domain. Whether the mailbox exists only a mail server can say.
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]+$/;
const PHONE = /^\+?[0-9 ().-]{3,30}$/;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:[0-9]{1,5})?([/?#].*)?$/i;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** CC and BCC take several addresses separated by commas. */
function emailList(value: string): string[] {
  return value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

/** A web address as typed (`example.com/shop` or `https://…`) made absolute; null when it is not one. */
export function normalizeWebAddress(value: string): string | null {
  const trimmed = value.trim();
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!/^https?:\/\//i.test(candidate) || !HOST.test(candidate.replace(/^https?:\/\//i, ''))) return null;
  return isSafeHref(candidate) ? candidate : null;
}

/** The spec's messages for each field that is wrong; empty when the link can be saved. */
export function validateLink(draft: LinkDraft, pageIds: readonly string[] = []): LinkErrors {
  const errors: LinkErrors = {};
  if (!(LINK_TYPES as readonly string[]).includes(draft.type)) {
    errors.type = messages.notExpectedOption(String(draft.type));
    return errors;
  }
  switch (draft.type) {
    case 'page':
      if (draft.pageId === '') errors.pageId = messages.choosePage;
      else if (!pageIds.includes(draft.pageId)) errors.pageId = messages.notExpectedOption(draft.pageId);
      break;
    case 'url':
      if (normalizeWebAddress(draft.url) === null)
        errors.url = messages.linksMustBeFormatted(EXAMPLE_HOSTS[0], EXAMPLE_HOSTS[1]);
      break;
    case 'email':
      if (!isValidEmail(draft.to)) errors.to = messages.pleaseEnterValidEmail;
      if (!emailList(draft.cc).every(isValidEmail)) errors.cc = messages.emailsMustBeFormatted(EXAMPLE_EMAIL);
      if (!emailList(draft.bcc).every(isValidEmail))
        errors.bcc = messages.emailsMustBeFormatted(EXAMPLE_EMAIL);
      break;
    case 'phone':
      if (!PHONE.test(draft.phone.trim())) errors.phone = messages.invalidPhone;
      break;
    case 'file':
      if (draft.fileUrl === '' || !isSafeHref(draft.fileUrl)) errors.fileUrl = messages.chooseFile;
      break;
  }
  return errors;
}

/** The href a valid draft is stored as; page links keep the page's id so they follow renames. */
export function linkHref(draft: LinkDraft): string {
  switch (draft.type) {
    case 'page':
      return `page:${draft.pageId}`;
    case 'url':
      return normalizeWebAddress(draft.url) ?? '';
    case 'email': {
      const query = (
        [
          ['cc', emailList(draft.cc).join(',')],
          ['bcc', emailList(draft.bcc).join(',')],
          ['subject', draft.subject],
          ['body', draft.body],
        ] as const
      )
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
        .join('&');
      return `mailto:${encodeURIComponent(draft.to.trim()).replace(/%40/g, '@')}${query ? `?${query}` : ''}`;
    }
    case 'phone':
      return `tel:${draft.phone.replace(/[^0-9+]/g, '')}`;
    case 'file':
      return draft.fileUrl;
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A stored link back into the editor's form, so an existing link opens with its values. */
export function parseLinkHref(href: string, newWindow = false): LinkDraft {
  const page = PAGE_HREF.exec(href);
  if (page) return { ...emptyLinkDraft('page'), pageId: page[1]!, newWindow };
  if (/^mailto:/i.test(href)) {
    const [address = '', query = ''] = href.slice('mailto:'.length).split('?');
    const params = new Map(
      query
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const [key = '', value = ''] = pair.split('=');
          return [key.toLowerCase(), decode(value)] as const;
        }),
    );
    return {
      ...emptyLinkDraft('email'),
      to: decode(address),
      cc: params.get('cc') ?? '',
      bcc: params.get('bcc') ?? '',
      subject: params.get('subject') ?? '',
      body: params.get('body') ?? '',
      newWindow,
    };
  }
  if (/^tel:/i.test(href)) return { ...emptyLinkDraft('phone'), phone: href.slice(4), newWindow };
  if (href.startsWith('/files/')) return { ...emptyLinkDraft('file'), fileUrl: href, newWindow };
  return { ...emptyLinkDraft('url'), url: href, newWindow };
}

/**
 * The rich text as a visitor gets it: `page:<id>` links point at the page's current path (or
 * nowhere when the page is gone). Runs on sanitised HTML, whose hrefs are always double-quoted.
 */
export function resolvePageLinks(html: string, pagePaths: ReadonlyMap<string, string>): string {
  return html.replace(/href="page:([A-Za-z0-9_-]{1,64})"/g, (_, id: string) => {
    const path = pagePaths.get(id);
    return path && isSafeHref(path)
      ? `href="${path.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`
      : 'href="#"';
  });
}

/** Ids of the pages a rich text links to. */
export function linkedPageIds(html: string): string[] {
  return [...new Set([...html.matchAll(/href="page:([A-Za-z0-9_-]{1,64})"/g)].map((m) => m[1]!))];
}
