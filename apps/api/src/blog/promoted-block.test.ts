import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postBodyHtml } from './blog-store';
import { promotedBlock } from './promoted-block';

describe('the promoted block of a post body', () => {
  it.each([
    [
      '<blockquote><p>Make it <em>last</em>.</p></blockquote><p>Then the rest.</p>',
      { type: 'quote', quote: '<p>Make it <em>last</em>.</p>' },
    ],
    [
      '<p><a href="https://www.youtube.com/watch?v=abc123&amp;t=4">Watch</a></p><p>More.</p>',
      { type: 'video', video: { src: 'https://www.youtube-nocookie.com/embed/abc123' } },
    ],
    [
      '<p style="text-align:center"><a href="https://vimeo.com/76979871">https://vimeo.com/76979871</a></p>',
      { type: 'video', video: { src: 'https://player.vimeo.com/video/76979871' } },
    ],
    ['<p>Intro first.</p><blockquote><p>Later quote.</p></blockquote>', undefined],
    ['<p>See <a href="https://youtu.be/abc">this</a> video.</p>', undefined],
    ['<p><a href="https://example.com/watch?v=abc">Not a video host</a></p>', undefined],
    ['<blockquote><blockquote><p>Nested</p></blockquote></blockquote>', undefined],
    ['<blockquote> </blockquote>', undefined],
    ['', undefined],
  ] as const)('%s → %j', (body, expected) => {
    expect(promotedBlock(postBodyHtml(body))).toEqual(expected);
  });

  it('reads the sanitized body: a plain-text body or a script never promotes anything executable', () => {
    expect(promotedBlock(postBodyHtml('> not markdown'))).toBeUndefined();
    expect(promotedBlock(postBodyHtml('<p><a href="javascript:alert(1)">x</a></p>'))).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), (body) => {
        const promoted = promotedBlock(postBodyHtml(body));
        if (promoted?.type === 'video')
          expect(promoted.video.src).toMatch(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//);
        if (promoted?.type === 'quote') expect(promoted.quote).not.toMatch(/<(script|iframe|img)/i);
      }),
    );
  });
});
