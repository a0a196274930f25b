import { cookieConsentMessages as m } from '@site/page-content';

// Every frame the storefront renders (video players, embed blocks, video pages) comes from a
// template we write: `<iframe … src="…" …></iframe>`, attributes in double quotes.
const FRAME = /<iframe\b([^>]*?)\ssrc="(https:\/\/[^"]+)"([^>]*)><\/iframe>/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const decode = (attr: string) =>
  attr.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === '#39' ? "'" : e === 'lt' ? '<' : '>',
  );

/**
 * Under opt-in consent a third-party frame would set its cookies before the visitor chose, so
 * each is held in an inert `<template>` behind a placeholder naming its site; the storefront
 * script swaps the frame in once marketing cookies are allowed, or when the visitor asks for
 * this one. Without script the placeholder still links to the content.
 */
export function holdThirdPartyEmbeds(html: string): string {
  return html.replace(FRAME, (frame, _before: string, src: string) => {
    let host: string;
    try {
      host = new URL(decode(src)).host;
    } catch {
      return '';
    }
    const h = escapeHtml(host);
    return (
      `<div class="consent-embed" data-consent-embed="marketing">` +
      `<p class="consent-embed__text">${escapeHtml(m.embedHeld).replace('{host}', h)}</p>` +
      `<p class="consent-embed__actions"><button type="button" class="consent-embed__load" data-consent-embed-load hidden>${escapeHtml(m.embedLoad)}</button>` +
      `<a class="consent-embed__open" href="${src}" target="_blank" rel="noopener noreferrer">${escapeHtml(m.embedOpen).replace('{host}', h)}</a></p>` +
      `<template>${frame}</template></div>`
    );
  });
}
