import { compile, type Template } from '@site/template-engine';

// Compiled templates are reused across requests until the stored source changes.
const compiled = new Map<string, { version: string; template: Template }>();
export function compiledTemplate(key: string, version: string, source: string): Template {
  const hit = compiled.get(key);
  if (hit && hit.version === version) return hit.template;
  const template = compile(source);
  compiled.set(key, { version, template });
  return template;
}

let folderIndexTemplate: Template | undefined;
/** A folder's own URL, when it behaves as an index: a list of its pages. */
export function folderIndex(): Template {
  folderIndexTemplate ??= compile(
    '<h1>{title|htmltag}</h1><nav class="folder-index" aria-label="In this folder"><ul>{.repeated section pages}<li><a href="{fullUrl|htmlattr}">{title|htmltag}</a></li>{.end}</ul></nav>',
  );
  return folderIndexTemplate;
}
