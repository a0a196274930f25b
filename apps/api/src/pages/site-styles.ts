import { z } from 'zod';

/**
 * Site styles (fonts and colours) as CSS custom properties. The stylesheets read only these
 * variables, so a change in the settings restyles every page without touching the CSS.
 */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  humanist: '"Gill Sans", "Gill Sans MT", Calibri, "Trebuchet MS", sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
} as const;

// Only names and hex colours reach the <style> element, so no setting can break out of it.
const Hex = z.string().regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/);
const Font = z.enum(Object.keys(FONT_STACKS) as [keyof typeof FONT_STACKS, ...(keyof typeof FONT_STACKS)[]]);

export const SiteStyles = z.object({
  headingFont: Font.optional(),
  bodyFont: Font.optional(),
  text: Hex.optional(),
  background: Hex.optional(),
  accent: Hex.optional(),
  muted: Hex.optional(),
});
export type SiteStyles = z.infer<typeof SiteStyles>;

/** `:root { … }` overriding the theme's defaults, or nothing when the site keeps them. */
export function siteStylesCss(settings: Record<string, unknown>): string | undefined {
  const parsed = SiteStyles.safeParse(settings.siteStyles ?? {});
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const vars: [string, string | undefined][] = [
    ['--site-font-heading', s.headingFont && FONT_STACKS[s.headingFont]],
    ['--site-font-body', s.bodyFont && FONT_STACKS[s.bodyFont]],
    ['--site-color-text', s.text],
    ['--site-color-background', s.background],
    ['--site-color-accent', s.accent],
    ['--site-color-muted', s.muted],
  ];
  const set = vars.filter((v): v is [string, string] => v[1] !== undefined);
  return set.length ? `:root{${set.map(([k, v]) => `${k}:${v}`).join(';')}}` : undefined;
}
