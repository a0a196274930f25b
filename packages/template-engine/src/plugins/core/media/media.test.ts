import { describe, expect, it } from 'vitest';
import { run } from '../test-context';
import { mediaFormatters as f } from './media';

const clip = {
  oembed: { html: '<iframe src="v"></iframe>', providerName: 'vimeo' },
  assetUrl: '/poster.jpg',
  originalSize: '1280x720',
  overlay: true,
  systemDataId: 'sd1',
  colorData: {
    topLeftAverage: '111',
    topRightAverage: '222',
    bottomLeftAverage: '333',
    bottomRightAverage: '444',
    centerAverage: '555',
  },
};

describe('video', () => {
  it('wraps the escaped embed with a poster overlay', () => {
    expect(run(f.video, clip, ['load-false', 'color-data'])).toBe(
      '<div class="sqs-video-wrapper"  data-load="false" data-html="&lt;iframe src=&quot;v&quot;&gt;&lt;/iframe&gt;" ' +
        'data-provider-name="vimeo"><div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" ' +
        'data-src="/poster.jpg" data-image-dimensions="1280x720" data-image-focal-point="0.5,0.5" ' +
        'data-color-topleft="#111" data-color-topright="#222" data-color-bottomleft="#333" data-color-bottomright="#444" ' +
        'data-color-center="#555" /><div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>',
    );
  });

  it('marks an overlay without a thumbnail and skips the overlay when off', () => {
    expect(run(f.video, { ...clip, systemDataId: '' })).toContain(
      '<div class="sqs-video-overlay no-thumb" style="opacity: 0;">',
    );
    expect(run(f.video, { ...clip, overlay: false })).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;v&quot;&gt;&lt;/iframe&gt;" data-provider-name="vimeo"></div>',
    );
  });
});

describe('audio-player', () => {
  it('renders the player placeholder', () => {
    expect(run(f['audio-player'], { id: 'a1', structuredContent: { audioAssetUrl: '/s.mp3' } })).toBe(
      "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
        '<div class="squarespace-audio-player" data-audio-asset-url="/s.mp3" data-item-id="a1" id="audio-player-a1"></div>',
    );
  });
});
