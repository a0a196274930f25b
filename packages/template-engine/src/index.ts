/**
 * @site/template-engine: parse, compile and render the JSON-T page-template language.
 *
 *   const t = compile('<h1>{title|html}</h1>');   // t.errors: syntax errors
 *   const { html, errors } = t.render(data, { partials, injects, locale, now, timeZone });
 */
export type * from './plugins/types';
export { compile, render, Template, DEFAULT_TIME_ZONE } from './template';
export type { CompileOptions, RenderOptions, RenderResult } from './template';
export { createRegistry } from './registry';
export type { Registry } from './registry';
export { defaultRegistry } from './defaults';
export { DEFAULT_LIMITS } from './render';
export type { Limits } from './render';
export { isTruthy, toText } from './runtime';
export { COLLECTION_TYPE } from './plugins/core/content/enums';
export {
  loadTemplateFolder,
  folderSources,
  folderPartials,
  formatFolderError,
  TemplateConfSchema,
  CollectionConfSchema,
  FOLDER_LIMITS,
} from './folder/template-folder';
export type {
  TemplateFolder,
  FolderTemplate,
  FolderError,
  FolderErrorKind,
  TemplateConf,
  CollectionConf,
} from './folder/template-folder';
