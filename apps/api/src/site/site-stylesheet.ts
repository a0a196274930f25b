import { SITE_THEMES, type SiteThemeId } from '@site/page-content';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { themeStylesheets } from './theme';

/** Where the one stylesheet of each theme is served: `<prefix><theme>.<hash>.css`. */
export const SITE_STYLESHEET_PREFIX = '/assets/site-styles/';

/** A stylesheet's text and the address it would be served from on its own. */
export interface StylesheetSource {
  url: string;
  css: string;
}

// A url() that is neither absolute, nor rooted, nor a fragment: it names a file beside its stylesheet.
const URL_REF = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g;
const NOT_RELATIVE = /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i;

/**
 * Several stylesheets as one, in cascade order. A relative url() is rewritten from the address its
 * stylesheet had, as it would otherwise resolve against the merged file's. An `@import` is refused:
 * it is only valid at the top of a stylesheet, so it would be dropped once another one came before it.
 */
export function mergeStylesheets(sources: readonly StylesheetSource[]): string {
  return sources
    .map(({ url, css }) => {
      if (/@import\b/i.test(css))
        throw new Error(`${url} imports another stylesheet, which cannot be merged with the others`);
      const base = new URL(url, 'http://site.invalid');
      return css.replace(URL_REF, (whole, quote: string, ref: string) => {
        if (NOT_RELATIVE.test(ref)) return whole;
        const at = new URL(ref, base);
        return `url(${quote}${at.pathname}${at.search}${at.hash}${quote})`;
      });
    })
    .join('\n');
}

interface Built {
  css: string;
  hash: string;
}

/**
 * Every style a site page needs (the storefront's, the blocks' and its theme's) as one stylesheet
 * per theme, merged once and named by its content's hash, so it is cached for ever. One request
 * before the first paint instead of one per file: on a phone's connection each extra
 * render-blocking stylesheet costs a round trip and often a new connection.
 */
export class SiteStylesheets {
  private readonly built = new Map<SiteThemeId, Built>();

  /** `shared`: the storefront's and the blocks' styles, which every theme's stylesheet starts with. */
  constructor(private readonly shared: () => StylesheetSource[]) {}

  /** The address a page wearing the theme links. */
  url(theme: SiteThemeId): string {
    return `${SITE_STYLESHEET_PREFIX}${theme}.${this.build(theme).hash}.css`;
  }

  /**
   * The stylesheet a file name asks for: `current` when its hash is this server's. A page rendered
   * by an older version names an older hash; it still gets the theme's styles, but not for ever.
   */
  find(file: string): { css: string; current: boolean } | undefined {
    const [, theme, hash] = /^([a-z0-9-]+)\.([0-9a-f]+)\.css$/.exec(file) ?? [];
    const known = SITE_THEMES.find((t) => t.id === theme);
    if (!known) return undefined;
    const built = this.build(known.id);
    return { css: built.css, current: built.hash === hash };
  }

  private build(theme: SiteThemeId): Built {
    let built = this.built.get(theme);
    if (!built) {
      const css = mergeStylesheets([...this.shared(), ...themeStylesheets(theme)]);
      built = { css, hash: createHash('sha256').update(css).digest('hex').slice(0, 16) };
      this.built.set(theme, built);
    }
    return built;
  }
}

/** Serves each theme's merged stylesheet (compressed by the server's compression plugin). */
export function registerSiteStylesheets(app: FastifyInstance, stylesheets: () => SiteStylesheets): void {
  app.get(`${SITE_STYLESHEET_PREFIX}:file`, (request, reply) => {
    const found = stylesheets().find((request.params as { file: string }).file);
    if (!found)
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such stylesheet' } });
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', found.current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(found.css);
  });
}
