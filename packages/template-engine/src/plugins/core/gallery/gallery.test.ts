import { describe, expect, it } from 'vitest';
import { check } from '../test-context';
import { galleryPredicates as p } from './gallery';

const block = (options: Record<string, unknown>): unknown => ({ options });

describe('gallery predicates', () => {
  it.each([
    ['gallery-design-slider?', { design: 'slider' }, true],
    ['gallery-design-grid?', { design: 'slider' }, false],
    ['gallery-design-grid?', {}, false],
    ['gallery-meta-position-top-left?', { 'meta-position': 'top-left' }, true],
    ['gallery-meta-position-top?', { 'meta-position': 'top-left' }, false],
    ['gallery-active-alignment-right?', { 'active-alignment': 'right' }, true],
    ['gallery-autoplay?', { autoplay: true }, true],
    ['gallery-autoplay?', { autoplay: 'true' }, true],
    ['gallery-auto-crop?', {}, false],
    ['gallery-lightbox?', { lightbox: 1 }, true],
    ['gallery-square-thumbs?', { 'square-thumbs': false }, false],
    ['gallery-meta?', { indicators: true }, true],
    ['gallery-meta?', { controls: false }, false],
  ])('%s %j', (name, options, expected) => expect(check(p[name], block(options))).toBe(expected));

  it('reads options from an enclosing scope too', () => {
    expect(check(p['gallery-thumbnails?'], {}, [], { root: { options: { thumbnails: true } } })).toBe(true);
  });
});
