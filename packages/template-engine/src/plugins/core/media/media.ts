/** Video and audio embeds. */
import type { Formatter } from '../../types';
import { asString, escapeAttr, getPath, isTruthy } from '../values';
import { focalPoint } from '../images/meta';

const COLOR_ATTRIBUTES = [
  ['topleft', 'topLeftAverage'],
  ['topright', 'topRightAverage'],
  ['bottomleft', 'bottomLeftAverage'],
  ['bottomright', 'bottomRightAverage'],
  ['center', 'centerAverage'],
] as const;

/** `video [load-false] [color-data]`: the oEmbed wrapper with an optional poster overlay. */
const video: Formatter = (value, args) => {
  const oembed = getPath(value, 'oembed');
  const colors = getPath(value, 'colorData');
  const loadFalse = args.includes('load-false');
  const withColors = args.includes('color-data');
  let out = '<div class="sqs-video-wrapper" ';
  if (loadFalse) out += ' data-load="false" ';
  out += `data-html="${escapeAttr(asString(getPath(oembed, 'html')))}" `;
  out += `data-provider-name="${asString(getPath(oembed, 'providerName'))}">`;
  if (isTruthy(getPath(value, 'overlay'))) {
    out += '<div class="sqs-video-overlay';
    if (isTruthy(getPath(value, 'mainImageId')) || isTruthy(getPath(value, 'systemDataId'))) {
      out += '" style="opacity: 0;">';
      out += `<img data-load="false" data-src="${asString(getPath(value, 'assetUrl'))}" `;
      out += `data-image-dimensions="${asString(getPath(value, 'originalSize'))}" `;
      out += `data-image-focal-point="${focalPoint(value)}" `;
      if (withColors && isTruthy(colors)) {
        for (const [attr, key] of COLOR_ATTRIBUTES) {
          out += `data-color-${attr}="#${asString(getPath(colors, key))}" `;
        }
      }
      out += '/>';
    } else {
      out += ' no-thumb" style="opacity: 0;">';
    }
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  return `${out}</div>`;
};

const audioPlayer: Formatter = (value) => {
  const id = escapeAttr(asString(getPath(value, 'id')));
  const url = escapeAttr(asString(getPath(value, 'structuredContent.audioAssetUrl')));
  return (
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
  );
};

export const mediaFormatters = {
  'audio-player': audioPlayer,
  video,
} satisfies Record<string, Formatter>;
