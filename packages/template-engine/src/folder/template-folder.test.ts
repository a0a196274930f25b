import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderPartials, folderSources, formatFolderError, loadTemplateFolder } from './template-folder';
import { readTemplateFolder } from './read-folder';

const conf = (extra: object = {}) =>
  JSON.stringify({ name: 'Test', layouts: { default: { name: 'Default', regions: ['site'] } }, ...extra });

const minimal = {
  'template.conf': conf({ stylesheets: ['theme.css'] }),
  'site.region': '<main>{mainContent}</main>',
  'pages/home.page': '<h1>{website.siteTitle}</h1>{@|apply card.block}',
  'blocks/card.block': '<div class="card">{title}</div>',
  'collections/products.conf': JSON.stringify({ title: 'Products', itemTemplate: 'product-item' }),
  'collections/products.list': '{.repeated section items}{title}{.end}',
  'collections/products.item': '{item.title}',
  'styles/theme.css': 'body { color: black; }',
};

describe('loadTemplateFolder', () => {
  it('names every template of a valid folder and keeps its stylesheets and assets', () => {
    const { folder, errors } = loadTemplateFolder(minimal, ['assets/logo.svg']);
    expect(errors).toEqual([]);
    expect([...folderSources(folder!).keys()].sort()).toEqual([
      'card.block',
      'home',
      'product-item',
      'products-list',
      'site',
    ]);
    expect(folder!.collections.get('products')).toMatchObject({
      title: 'Products',
      listTemplate: 'products-list',
      itemTemplate: 'product-item',
    });
    expect(folder!.stylesheets).toEqual([{ file: 'styles/theme.css', source: 'body { color: black; }' }]);
    expect(folder!.assets).toEqual(['assets/logo.svg']);
    expect(folderPartials(folderSources(folder!))).toEqual({
      'card.block': '<div class="card">{title}</div>',
    });
  });

  it("reads a collection's page size from its .conf", () => {
    const { folder } = loadTemplateFolder({
      ...minimal,
      'collections/products.conf': JSON.stringify({ title: 'Products', pageSize: 12 }),
    });
    expect(folder!.collections.get('products')?.pageSize).toBe(12);
  });

  // Each broken folder names the file, and the line and column when there is one.
  it.each([
    ['no template.conf', { 'site.region': 'x' }, { file: 'template.conf', kind: 'CONF_MISSING' }],
    [
      'template.conf not JSON',
      { 'template.conf': '{\n  "name": }' },
      { file: 'template.conf', kind: 'CONF_INVALID' },
    ],
    [
      'template.conf without layouts',
      { 'template.conf': '{"name":"x","layouts":{}}' },
      { file: 'template.conf', kind: 'CONF_INVALID' },
    ],
    [
      'a layout region without its file',
      { ...minimal, 'site.region': undefined },
      { file: 'template.conf', kind: 'REGION_MISSING' },
    ],
    [
      'a listed stylesheet missing',
      { ...minimal, 'styles/theme.css': undefined },
      { file: 'template.conf', kind: 'STYLESHEET_MISSING' },
    ],
    [
      'a collection without .conf',
      { ...minimal, 'collections/events.list': 'x' },
      { file: 'collections/events.list', kind: 'COLLECTION_INCOMPLETE' },
    ],
    [
      'a collection .conf with a wrong field',
      { ...minimal, 'collections/products.conf': '{"title": 3}' },
      { file: 'collections/products.conf', kind: 'CONF_INVALID' },
    ],
    [
      'a collection page size that is not a whole number from 1 to 200',
      { ...minimal, 'collections/products.conf': '{"title": "Products", "pageSize": 0}' },
      { file: 'collections/products.conf', kind: 'CONF_INVALID' },
    ],
    [
      'a syntax error in a page',
      { ...minimal, 'pages/home.page': '<h1>\n  {.section a}x' },
      { file: 'pages/home.page', kind: 'SYNTAX_ERROR', line: 2, column: 3 },
    ],
    [
      'a missing block',
      { ...minimal, 'pages/home.page': 'a\nb {@|apply nope.block}' },
      { file: 'pages/home.page', kind: 'PARTIAL_NOT_FOUND', line: 2, column: 12 },
    ],
    ['two templates with one name', { ...minimal, 'pages/site.page': 'x' }, { kind: 'DUPLICATE_TEMPLATE' }],
    [
      'a file too large',
      { ...minimal, 'pages/big.page': 'x'.repeat(600 * 1024) },
      { file: 'pages/big.page', kind: 'FILE_TOO_LARGE' },
    ],
  ] as const)('%s', (_, files, expected) => {
    const clean = Object.fromEntries(Object.entries(files).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const { errors } = loadTemplateFolder(clean);
    expect(errors).toContainEqual(expect.objectContaining(expected));
  });

  it('does not take an inline macro for a missing block', () => {
    const { errors } = loadTemplateFolder({
      ...minimal,
      'pages/home.page': '{.macro row}<li>{@}</li>{.end}{.include row}{x|apply row}',
    });
    expect(errors).toEqual([]);
  });

  it('formats errors as file:line:column', () => {
    expect(
      formatFolderError({ file: 'pages/a.page', line: 3, column: 7, kind: 'SYNTAX_ERROR', message: 'm' }),
    ).toBe('pages/a.page:3:7: SYNTAX_ERROR: m');
    expect(formatFolderError({ file: 'template.conf', kind: 'CONF_MISSING', message: 'm' })).toBe(
      'template.conf: CONF_MISSING: m',
    );
  });
});

describe('readTemplateFolder', () => {
  it('reads a folder from disk, lists assets without reading them and skips dot files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'template-folder-'));
    try {
      for (const [path, text] of Object.entries(minimal)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      mkdirSync(join(dir, 'assets', 'img'), { recursive: true });
      writeFileSync(join(dir, 'assets', 'img', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]));
      writeFileSync(join(dir, '.DS_Store'), 'junk');
      const { folder, errors } = readTemplateFolder(dir);
      expect(errors).toEqual([]);
      expect(folder!.assets).toEqual(['assets/img/a.png']);
      expect(folder!.templates.get('home')!.file).toBe('pages/home.page');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
