/**
 * A template folder (the Squarespace developer layout) checked and turned into named templates:
 *
 *   template.conf              JSON: name, layouts (each a list of regions), navigations, stylesheets
 *   NAME.region                a layout region; `site.region` is the page shell
 *   collections/T.conf         JSON: a collection type's title and options
 *   collections/T.list|T.item  its list and item templates
 *   blocks/NAME.block          partials, applied as `{@|apply NAME.block}`
 *   pages/NAME.page            page templates (home, cart, lock screen...)
 *   styles/*.css               stylesheets listed in template.conf
 *   assets/**                  files served as they are (images, fonts)
 *
 * Pure: the caller reads the files (see `@site/template-engine/node`) and gets every problem as
 * `{ file, line, column, kind, message }`, never an exception.
 */
import { z } from 'zod';
import { compile } from '../template';

export type FolderErrorKind =
  | 'CONF_MISSING'
  | 'CONF_INVALID'
  | 'REGION_MISSING'
  | 'STYLESHEET_MISSING'
  | 'COLLECTION_INCOMPLETE'
  | 'DUPLICATE_TEMPLATE'
  | 'PARTIAL_NOT_FOUND'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_FILES'
  | 'SYNTAX_ERROR'
  | 'EXPRESSION_ERROR'
  | 'FORMATTER_UNKNOWN'
  | 'PREDICATE_UNKNOWN'
  | 'FORMATTER_ARGS_INVALID';

export interface FolderError {
  /** Path inside the folder, with `/` separators. */
  file: string;
  line?: number;
  column?: number;
  kind: FolderErrorKind | string;
  message: string;
}

const name = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');

export const TemplateConfSchema = z.object({
  name: z.string().min(1).max(200),
  author: z.string().max(200).optional(),
  layouts: z
    .record(name, z.object({ name: z.string().min(1).max(200), regions: z.array(name).min(1).max(20) }))
    .refine((l) => Object.keys(l).length > 0, 'at least one layout'),
  navigations: z
    .array(z.object({ title: z.string().min(1).max(200), name: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/) }))
    .max(20)
    .default([]),
  stylesheets: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9._-]*\.css$/, 'a .css file name in styles/'))
    .max(50)
    .default([]),
});
export type TemplateConf = z.infer<typeof TemplateConfSchema>;

export const CollectionConfSchema = z.object({
  title: z.string().min(1).max(200),
  /** Template names the pages table refers to; default `T-list` and `T-item`. */
  listTemplate: name.optional(),
  itemTemplate: name.optional(),
  /** Items a list page shows; the rest are on `?page=2` and on. */
  pageSize: z.number().int().min(1).max(200).optional(),
});
export type CollectionConf = z.infer<typeof CollectionConfSchema>;

export interface FolderTemplate {
  /** The file it came from, for error positions. */
  file: string;
  source: string;
}

export interface TemplateFolder {
  conf: TemplateConf;
  /** Template name → source: regions by name, pages by name, collections' list and item templates, blocks as `NAME.block`. */
  templates: Map<string, FolderTemplate>;
  collections: Map<string, CollectionConf & { listTemplate: string; itemTemplate: string }>;
  /** template.conf's stylesheets, in order, with their text. */
  stylesheets: { file: string; source: string }[];
  /** Paths under assets/. */
  assets: string[];
}

/** Limits of what a folder may hold; a template folder is source text, not a media library. */
export const FOLDER_LIMITS = { maxFiles: 1000, maxFileBytes: 512 * 1024 } as const;

const TEMPLATE_FILE =
  /^(?:([a-z0-9][a-z0-9-]*)\.region|pages\/([a-z0-9][a-z0-9-]*)\.page|blocks\/([a-z0-9][a-z0-9-]*)\.block|collections\/([a-z0-9][a-z0-9-]*)\.(list|item))$/;

/** Offset → 1-based line and column. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

const NOT_JSON = Symbol('not JSON');

/** JSON.parse with the place of a syntax error, when Node names it (as an offset or as line and column, by version). */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; line?: number; column?: number; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    const message = `Not valid JSON: ${(e as Error).message}`;
    const offset = /position (\d+)/.exec(message);
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    const at = offset
      ? position(text, Number(offset[1]))
      : lineColumn
        ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
        : {};
    return { ok: false, ...at, message };
  }
}

function parseJson(file: string, text: string, errors: FolderError[]): unknown {
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  const { ok: _, ...at } = parsed;
  errors.push({ file, ...at, kind: 'CONF_INVALID' });
  return NOT_JSON;
}

function checkSchema<T>(
  file: string,
  schema: z.ZodType<T>,
  value: unknown,
  errors: FolderError[],
): T | undefined {
  if (value === NOT_JSON) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    errors.push({
      file,
      kind: 'CONF_INVALID',
      message: `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    });
  }
  return undefined;
}

// `{@|apply card.block}`, `{x|apply card.block}` and `{.include card.block}` name partials.
const PARTIAL_REFERENCE = /\|\s*apply\s+([^\s|}]+)|\{\.include\s+([^\s}]+)/g;
const MACRO = /\{\.macro\s+([^\s}]+)\s*\}/g;

function missingPartials(file: string, source: string, known: ReadonlySet<string>): FolderError[] {
  const macros = new Set([...source.matchAll(MACRO)].map((m) => m[1]!));
  return [...source.matchAll(PARTIAL_REFERENCE)].flatMap((m) => {
    const partial = (m[1] ?? m[2])!;
    if (known.has(partial) || macros.has(partial)) return [];
    return [
      {
        file,
        ...position(source, m.index + m[0].lastIndexOf(partial)),
        kind: 'PARTIAL_NOT_FOUND',
        message: `Partial "${partial}" is not in blocks/ (expected blocks/${partial.replace(/\.block$/, '')}.block)`,
      },
    ];
  });
}

/**
 * Checks a template folder given as path → text (assets listed by path only) and returns what it
 * holds; `folder` is absent when it cannot be used at all (no valid template.conf).
 */
export function loadTemplateFolder(
  files: Readonly<Record<string, string>>,
  assets: readonly string[] = [],
): { folder?: TemplateFolder; errors: FolderError[] } {
  const errors: FolderError[] = [];
  const paths = Object.keys(files).sort();
  if (paths.length + assets.length > FOLDER_LIMITS.maxFiles) {
    return {
      errors: [
        {
          file: '.',
          kind: 'TOO_MANY_FILES',
          message: `A template folder holds at most ${FOLDER_LIMITS.maxFiles} files`,
        },
      ],
    };
  }
  for (const path of paths) {
    if (files[path]!.length > FOLDER_LIMITS.maxFileBytes) {
      errors.push({
        file: path,
        kind: 'FILE_TOO_LARGE',
        message: `Larger than ${FOLDER_LIMITS.maxFileBytes / 1024} KiB`,
      });
    }
  }
  const usable = (path: string) =>
    files[path] !== undefined && files[path].length <= FOLDER_LIMITS.maxFileBytes;

  if (!usable('template.conf')) {
    if (files['template.conf'] === undefined)
      errors.push({
        file: 'template.conf',
        kind: 'CONF_MISSING',
        message: 'A template folder needs a template.conf',
      });
    return { errors };
  }
  const conf = checkSchema(
    'template.conf',
    TemplateConfSchema,
    parseJson('template.conf', files['template.conf']!, errors),
    errors,
  );
  if (!conf) return { errors };

  const templates = new Map<string, FolderTemplate>();
  const add = (templateName: string, file: string) => {
    const other = templates.get(templateName);
    if (other)
      errors.push({
        file,
        kind: 'DUPLICATE_TEMPLATE',
        message: `Template name "${templateName}" is also used by ${other.file}`,
      });
    else templates.set(templateName, { file, source: files[file]! });
  };

  const collectionFiles = new Map<string, { list?: string; item?: string; conf?: string }>();
  for (const path of paths) {
    const confMatch = /^collections\/([a-z0-9][a-z0-9-]*)\.conf$/.exec(path);
    if (confMatch) {
      collectionFiles.set(confMatch[1]!, { ...collectionFiles.get(confMatch[1]!), conf: path });
      continue;
    }
    const m = TEMPLATE_FILE.exec(path);
    if (!m || !usable(path)) continue;
    if (m[1]) add(m[1], path);
    else if (m[2]) add(m[2], path);
    else if (m[3]) add(`${m[3]}.block`, path);
    else if (m[4]) collectionFiles.set(m[4], { ...collectionFiles.get(m[4]), [m[5]!]: path });
  }

  const collections: TemplateFolder['collections'] = new Map();
  for (const [type, found] of collectionFiles) {
    if (!found.conf || (!found.list && !found.item)) {
      const file = found.conf ?? found.list ?? found.item!;
      errors.push({
        file,
        kind: 'COLLECTION_INCOMPLETE',
        message: `Collection "${type}" needs collections/${type}.conf and a .list or .item template`,
      });
      continue;
    }
    if (!usable(found.conf)) continue;
    const collectionConf = checkSchema(
      found.conf,
      CollectionConfSchema,
      parseJson(found.conf, files[found.conf]!, errors),
      errors,
    );
    if (!collectionConf) continue;
    const listTemplate = collectionConf.listTemplate ?? `${type}-list`;
    const itemTemplate = collectionConf.itemTemplate ?? `${type}-item`;
    if (found.list) add(listTemplate, found.list);
    if (found.item) add(itemTemplate, found.item);
    collections.set(type, { ...collectionConf, listTemplate, itemTemplate });
  }

  for (const [layout, { regions }] of Object.entries(conf.layouts)) {
    for (const region of regions) {
      if (!files[`${region}.region`])
        errors.push({
          file: 'template.conf',
          kind: 'REGION_MISSING',
          message: `Layout "${layout}" names region "${region}" but ${region}.region is missing`,
        });
    }
  }
  const stylesheets = conf.stylesheets.flatMap((sheet) => {
    const file = `styles/${sheet}`;
    if (usable(file)) return [{ file, source: files[file]! }];
    errors.push({
      file: 'template.conf',
      kind: 'STYLESHEET_MISSING',
      message: `Stylesheet ${file} is listed but missing`,
    });
    return [];
  });

  const partialNames = new Set([...templates.keys()].filter((n) => n.endsWith('.block')));
  for (const { file, source } of templates.values()) {
    for (const e of compile(source).errors)
      errors.push({ file, line: e.line, column: e.column, kind: e.kind, message: e.message });
    errors.push(...missingPartials(file, source, partialNames));
  }

  return { folder: { conf, templates, collections, stylesheets, assets: [...assets].sort() }, errors };
}

/** Name → source of every template, as `render`'s templates and partials read them. */
export function folderSources(folder: TemplateFolder): Map<string, string> {
  return new Map([...folder.templates].map(([n, t]) => [n, t.source]));
}

/** The blocks of a folder as `render`'s `partials` option. */
export function folderPartials(sources: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries([...sources].filter(([n]) => n.endsWith('.block')));
}

/** `file:line:column: KIND: message`, the form editors and terminals link. */
export function formatFolderError(e: FolderError): string {
  const at = e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}` : e.file;
  return `${at}: ${e.kind}: ${e.message}`;
}
