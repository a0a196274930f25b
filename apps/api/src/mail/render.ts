import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_EMAIL_ACCENT,
  effectiveShopEmail,
  isShopEmailKind,
  type ShopEmailTemplate,
} from '@site/commerce-core/admin';
import { compile, type Template } from '@site/template-engine';
import { apiRoot } from '../paths';
import type { EmailData, EmailKind } from './kinds';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailSite {
  title: string;
  /** The owner's contact email and business address (Site settings), printed under every email. */
  contactEmail?: string;
  address?: string;
}

/** Read from the source tree in tests and in the built server alike (dist/ sits beside src/). */
const templatesFolder = join(apiRoot, 'src', 'mail', 'templates');

const compiled = new Map<string, Template>();

function template(file: string): Template {
  let t = compiled.get(file);
  if (!t) {
    t = compile(readFileSync(join(templatesFolder, file), 'utf8'));
    if (t.errors.length > 0)
      throw new Error(`mail template ${file}: ${t.errors.map((e) => e.message).join('; ')}`);
    compiled.set(file, t);
  }
  return t;
}

function run(file: string, data: object): string {
  const { html, errors } = template(file).render(data, { locale: 'en' });
  // Our own templates on typed data: an error is a bug to surface, not a mail to send half-made.
  if (errors.length > 0) throw new Error(`mail template ${file}: ${errors.map((e) => e.message).join('; ')}`);
  return html;
}

/**
 * Renders `templates/<kind>.txt` (whose first line is `Subject: …`) and `<kind>.html` inside
 * `layout.html`. Values are escaped by the HTML templates' own `|html` and `|htmlattr`.
 */
export function renderEmail<K extends EmailKind>(
  kind: K,
  data: EmailData[K],
  site: EmailSite,
  /** The owner's subject, opening text and colour for a shop email (store settings). */
  custom?: ShopEmailTemplate,
): RenderedEmail {
  // A shop email's subject and opening come from the owner's template (or the defaults) and its
  // template prints them as `{subject}` and `{intro}`; the others keep their fixed wording.
  const shop = isShopEmailKind(kind)
    ? effectiveShopEmail(kind, custom, {
        shop: site.title,
        order: (data as { orderNumber?: string }).orderNumber,
        product: (data as { productName?: string }).productName,
        // The buyer as the owner knows them: the name on the order, else (the owner's own email) their address.
        customer:
          (data as { customerName?: string }).customerName ??
          (data as { customerEmail?: string }).customerEmail,
      })
    : undefined;
  const accent = shop?.accentColour ?? DEFAULT_EMAIL_ACCENT;
  const context = {
    ...data,
    site,
    accent,
    ...(shop && { subject: shop.subject.replace(/\s+/g, ' '), intro: shop.intro }),
  };
  const [first = '', ...rest] = run(`${kind}.txt`, context).split('\n');
  const subjectLine = /^Subject: (.*)$/.exec(first);
  if (!subjectLine) throw new Error(`mail template ${kind}.txt must start with "Subject: "`);
  const subject = subjectLine[1]!.replace(/\s+/g, ' ').trim();
  const text =
    rest
      .join('\n')
      .replace(/^\n+/, '')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n';
  const html = run('layout.html', { subject, site, accent, content: run(`${kind}.html`, context) });
  // The plain-text twin ends with the same way to reach the business as the HTML footer.
  const reach = [site.address, site.contactEmail].filter(Boolean);
  return { subject, text: reach.length ? `${text}\n-- \n${site.title}\n${reach.join('\n')}\n` : text, html };
}
