import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../test-context';
import { sizeFormatters as f, thumbnailForWidth } from './sizes';

const INVALID = "Invalid source parameter. Pass in 'originalSize'";

describe('size formatters', () => {
  it.each([
    ['width', '640x480', [], 640],
    ['height', '640x480', [], 480],
    ['width', 640, [], undefined],
    ['width', 'http://x.test/a', [], undefined],
    ['height', 'axb', [], undefined],
    ['resizedHeightForWidth', '640x480', ['x'], ''],
    ['resizedHeightForWidth', 'axb', ['100'], INVALID],
    ['resizedHeightForWidth', '640x480', ['100'], 75],
    ['resizedWidthForHeight', '640x480', ['100'], 133],
    ['resizedWidthForHeight', '640', ['100'], INVALID],
    ['resizedHeightForWidth', 'axbxc', ['100'], INVALID],
    ['squarespaceThumbnailForWidth', null, ['640'], '750w'],
    ['squarespaceThumbnailForHeight', '640x480', ['600'], '1000w'],
    ['squarespaceThumbnailForHeight', 'bad', ['600'], INVALID],
  ] as const)('%s %j %j', (name, value, args, out) => expect(run(f[name], value, args)).toBe(out));

  it.each([
    [1001, '1500w'],
    [1000, '1000w'],
    [751, '1000w'],
    [750, '750w'],
    [501, '750w'],
    [500, '500w'],
    [301, '500w'],
    [300, '300w'],
    [101, '300w'],
    [100, '100w'],
    [0, '100w'],
  ])('thumbnail bucket for %d (spec §9)', (w, bucket) => expect(thumbnailForWidth(w)).toBe(bucket));

  it('buckets never get smaller as the width grows', () => {
    const rank = (b: string): number => parseInt(b, 10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank(thumbnailForWidth(lo))).toBeLessThanOrEqual(rank(thumbnailForWidth(hi)));
      }),
    );
  });
});
