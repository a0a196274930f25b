import { messages } from '@site/page-content';
import { compile, folderPartials, folderSources, type TemplateError } from '@site/template-engine';
import { knownTheme, themeById } from '../site/theme';
import type { SiteAssets } from '../site/assets';
import { PAGE_TYPE } from '../site/page-type';

/** A site template that does not parse: the page would be broken, so the error page (101) shows instead. */
export class BrokenTemplateError extends Error {
  constructor(
    readonly templateName: string,
    readonly errors: readonly TemplateError[],
  ) {
    super(`Template "${templateName}" has ${errors.length} syntax error(s)`);
    this.name = 'BrokenTemplateError';
  }
}

// Plain and self-contained: what visitors get when even the theme's error page cannot render.
const lastResort = (siteTitle: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Something went wrong</title></head><body style="font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fbfaf7;color:#1d1d1b"><main style="max-width:26rem;padding:2rem;text-align:center"><h1 style="font-family:Georgia,serif">Sorry, something went wrong</h1><p>${messages.errorPage}</p><p><a href="/">${siteTitle.replace(/[&<>"]/g, '')}</a></p></main></body></html>`;

/**
 * The friendly error page (type 101), rendered from the site's shipped theme rather than the site's own
 * templates, which may be what failed. Never a stack trace or JSON: the details go to the log.
 */
export function renderErrorPage(
  website: { title: string; locale: string; theme?: string } | undefined,
  path: string,
  assets: SiteAssets,
): string {
  const siteTitle = website?.title ?? 'This site';
  try {
    const theme = knownTheme(website?.theme);
    const sources = folderSources(themeById(theme));
    const options = { locale: website?.locale ?? 'en-US', partials: folderPartials(sources) };
    const context = {
      website: { siteTitle, language: website?.locale ?? 'en-US' },
      header: { siteTitle },
      navigation: { items: [] },
      pageType: PAGE_TYPE.error,
      requestPath: path.startsWith('/') && !path.startsWith('//') ? path : '/',
      message: messages.errorPage,
      noindex: true,
      storefrontAssets: { js: assets.js, preload: assets.preload, css: [assets.stylesheets.url(theme)] },
    };
    const mainContent = compile(sources.get('error')!).render(context, options).html;
    return compile(sources.get('site')!).render({ ...context, mainContent }, options).html;
  } catch {
    return lastResort(siteTitle);
  }
}
