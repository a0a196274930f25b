/** The data-* attributes and alt text shared by every image formatter. */
import type { RenderContext } from '../../types';
import { asNumber, asString, escapeAttr, getPath, isObject, isTruthy, removeTags } from '../values';

/** Spec §9: alt text taken from an image's body keeps at most this many characters. */
export const MAX_ALT_TEXT_LENGTH = 250;
/** Block type code of an image block, whose own altText always wins (even when empty). */
const IMAGE_BLOCK_TYPE = 5;

export const focalPoint = (image: unknown): string => {
  const fp = getPath(image, 'mediaFocalPoint');
  if (fp === undefined) return '0.5,0.5';
  return `${asNumber(getPath(fp, 'x'))},${asNumber(getPath(fp, 'y'))}`;
};

/** Title, else the body's text (tags become spaces), else the file name. */
export const altFromFields = (image: unknown): string => {
  const title = getPath(image, 'title');
  if (isTruthy(title)) return asString(title);
  const body = getPath(image, 'body');
  if (isTruthy(body)) {
    const text = removeTags(asString(body));
    if (text.length > 0) return text.slice(0, MAX_ALT_TEXT_LENGTH);
  }
  const filename = getPath(image, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
};

export const altText = (image: unknown, ctx: RenderContext): string => {
  const blockType = ctx.resolve('blockType');
  if (blockType !== undefined && asNumber(blockType) === IMAGE_BLOCK_TYPE) {
    return asString(getPath(image, 'altText')).trim();
  }
  return altFromFields(image);
};

/**
 * `data-…` attributes a front-end image loader reads, ending with a space so callers can append
 * further attributes. `alt` is the already-escaped alt text when the caller computed it.
 */
export const imageMeta = (image: unknown, ctx: RenderContext, escapedAlt?: string): string => {
  if (image === undefined) return '';
  const assetUrl = asString(getPath(image, 'assetUrl'));
  const componentKey = getPath(image, 'componentKey');
  let out = '';
  if (isObject(getPath(image, 'licensedAssetPreview'))) out += 'data-licensed-asset-preview="true" ';
  if (componentKey !== undefined) out += `data-component-key="${asString(componentKey)}" `;
  const alt = escapedAlt ?? escapeAttr(altText(image, ctx));
  return (
    `${out}data-src="${assetUrl}" data-image="${assetUrl}" ` +
    `data-image-dimensions="${asString(getPath(image, 'originalSize'))}" ` +
    `data-image-focal-point="${focalPoint(image)}" alt="${alt}" `
  );
};
