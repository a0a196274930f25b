import { z } from 'zod';
import { messages } from '../messages';
import { text } from '../text';

/**
 * Editing the site's template sources (the theme's layout, page and collection templates as the
 * site stores them). `version` is a hash of the source the editor loaded: a save over a source
 * that changed since is refused with 409, never merged.
 */
export const TEMPLATES_API = {
  list: '/api/editor/templates',
  one: (name: string) => `/api/editor/templates/${encodeURIComponent(name)}`,
} as const;

/** Large enough for any theme template (the biggest shipped one is ~12 kB), small enough to compile per keystroke. */
export const MAX_TEMPLATE_SOURCE = 200_000;

export const templateNameSchema = text(200).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, messages.templateNotFound);

export const saveTemplateSchema = z
  .object({
    source: text(MAX_TEMPLATE_SOURCE),
    version: z.string().regex(/^[0-9a-f]{32}$/),
  })
  .strict();
export type SaveTemplate = z.infer<typeof saveTemplateSchema>;

export interface TemplateSummary {
  name: string;
  version: string;
  updatedAt: string;
}
export interface TemplateSource {
  name: string;
  source: string;
  version: string;
}
/** A syntax error at its 1-based line and column, as the engine reports it. */
export interface TemplateProblem {
  line: number;
  column: number;
  message: string;
}
