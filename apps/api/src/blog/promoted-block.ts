import { videoPlayerUrl } from '@site/page-content';

/**
 * platform.md: a list item carries `promotedBlockType`, the block its body opens with, which a list
 * shows above the excerpt. A post body holds only what the rich-text sanitizer keeps (no images or
 * iframes), so the blocks it can open with are a quote and a video link standing alone.
 */
export type PromotedBlock = { type: 'quote'; quote: string } | { type: 'video'; video: { src: string } };

// The body is the sanitizer's output, so its markup is regular: quoted attributes, lower-case tags.
const OPENING_QUOTE = /^\s*<blockquote>([\s\S]*?)<\/blockquote>/;
const OPENING_LINK_ALONE = /^\s*<p(?: style="[^"]*")?>\s*<a href="([^"]+)"[^>]*>[^<]*<\/a>\s*<\/p>/;

const decodeAttribute = (value: string) =>
  value.replace(
    /&(amp|quot|lt|gt|#39|#x27);/g,
    (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[name]!,
  );

export function promotedBlock(bodyHtml: string): PromotedBlock | undefined {
  const quote = OPENING_QUOTE.exec(bodyHtml);
  // A quote inside a quote would be cut at its first end: not promoted rather than shown broken.
  if (quote && !quote[1]!.includes('<blockquote') && quote[1]!.trim())
    return { type: 'quote', quote: quote[1]!.trim() };
  const link = OPENING_LINK_ALONE.exec(bodyHtml);
  const src = link && videoPlayerUrl(decodeAttribute(link[1]!));
  return src ? { type: 'video', video: { src } } : undefined;
}
