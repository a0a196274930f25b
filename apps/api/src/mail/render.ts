import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
}

/** Read from the source tree in tests and in the built server alike (dist/ sits beside src/). */
const templatesFolder = join(apiRoot, 'src', 'mail', 'templates');

const compiled = new Map<string, Template>();

function template(file: string): Template {
  let t = compiled.get(file);
  if (!t) {
    t = compile(readFileSync(join(templatesFolder, file), 'utf8'));
    if (t.errors.length > 0) throw new Error(`mail template ${file}: ${t.errors.map((e) => e.message).join('; ')}`);
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
export function renderEmail<K extends EmailKind>(kind: K, data: EmailData[K], site: EmailSite): RenderedEmail {
  const context = { ...data, site };
  const [first = '', ...rest] = run(`${kind}.txt`, context).split('\n');
  const subjectLine = /^Subject: (.*)$/.exec(first);
  if (!subjectLine) throw new Error(`mail template ${kind}.txt must start with "Subject: "`);
  const subject = subjectLine[1]!.replace(/\s+/g, ' ').trim();
  const text = rest.join('\n').replace(/^\n+/, '').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  const html = run('layout.html', { subject, site, content: run(`${kind}.html`, context) });
  return { subject, text, html };
}
