/** Blog comments, likes, share and follow buttons, and auto-linked tweets. */
import type { Formatter, Predicate, RenderContext } from '../../types';
import { coreMessages } from '../messages';
import { asNumber, asString, deepEquals, escapeAttr, getPath, isTruthy, lookup, scoped } from '../values';
import { urlEncode } from '../html/escaping';
import { TextMemo } from '../memo';

const URL_IN_TEXT = /(\b(https?|ftp|file):\/\/[-A-Z0-9+&@#/%?=~_|!:,.;]*[-A-Z0-9+&@#/%=~_|])/gi;
const HANDLE = /(^| )@([a-z0-9_]+)/gi;
const HASHTAG = /(^| )#([a-z0-9_]+)/gi;

/** Spec §5: plain URLs, @handles and #hashtags become links. */
const twitterLinks = new TextMemo((s) =>
  s
    .replace(URL_IN_TEXT, '<a target="new" href="$1">$1</a>')
    .replace(HANDLE, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(
      HASHTAG,
      (_m, lead: string, tag: string) =>
        `${lead}<a target="new" href="https://twitter.com/hashtag/${urlEncode(tag)}?src=hash">#${tag}</a>`,
    ),
);
const activateTwitterLinks: Formatter = (value) => twitterLinks.get(asString(value));

const disqusName = (value: unknown, ctx: RenderContext): unknown =>
  lookup(value, 'websiteSettings.disqusShortname', ctx);

const commentLink: Formatter = (value, _args, ctx) => {
  const url = asString(scoped(value, 'fullUrl', ctx));
  const id = asString(scoped(value, 'id', ctx));
  if (isTruthy(disqusName(value, ctx))) {
    return `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
  }
  // "No" and the singular only for the numbers 0 and 1: a missing count prints as nothing.
  const count = scoped(value, 'publicCommentCount', ctx);
  const { none, word, pluralSuffix } = coreMessages.comments;
  return (
    `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ` +
    `${deepEquals(count, 0) ? none : asString(count)}\n  ${word}${deepEquals(count, 1) ? '' : pluralSuffix}\n  </a>\n`
  );
};

/** The comment thread placeholder: Disqus when the site uses it, else the built-in comments. */
const comments: Formatter = (value, _args, ctx) => {
  if (isTruthy(disqusName(value, ctx))) {
    return '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
  }
  let out = `\n  <div class="squarespace-comments" id="comments-${asString(scoped(value, 'id', ctx))}"`;
  const item = lookup(value, 'item', ctx);
  const collection = lookup(value, 'collection', ctx);
  const source = isTruthy(item) ? item : isTruthy(collection) ? collection : undefined;
  if (source !== undefined) {
    out +=
      source === item
        ? ` data-item-id="${asString(getPath(item, 'id'))}"`
        : ` data-collection-id="${asString(getPath(collection, 'id'))}"`;
    out += ` data-public-comment-count="${asString(getPath(source, 'publicCommentCount'))}"`;
    out += ` data-comment-state="${asString(getPath(source, 'commentState'))}"`;
  }
  return `${out}></div>\n`;
};

const likeButton: Formatter = (value, _args, ctx) => {
  if (!isTruthy(value) || !isTruthy(lookup(value, 'websiteSettings.simpleLikingEnabled', ctx))) return '';
  return (
    `\n  <span class="sqs-simple-like" data-item-id="${asString(getPath(value, 'id'))}" ` +
    `data-like-count="${asString(getPath(value, 'likeCount'))}">\n    <span class="like-icon"></span>\n` +
    '    <span class="like-count"></span>\n  </span>\n'
  );
};

/** Spec §9: share buttons render only when the site has share button options. */
const socialButton =
  (inline: boolean): Formatter =>
  (value, _args, ctx) => {
    const website = ctx.resolve('website');
    const options = getPath(website, 'shareButtonOptions');
    if (!isTruthy(options)) return '';
    const imageId = getPath(value, 'systemDataId') ?? getPath(value, 'mainImageId');
    const assetUrl = getPath(value, 'assetUrl') ?? getPath(value, 'mainImage.assetUrl');
    const tag = inline ? 'span' : 'div';
    return (
      `<${tag} class="squarespace-social-buttons ${inline ? 'inline-style' : 'button-style'}" ` +
      `data-system-data-id="${asString(imageId)}" data-asset-url="${asString(assetUrl)}" ` +
      `data-record-type="${asString(getPath(value, 'recordType'))}" data-full-url="${asString(getPath(value, 'fullUrl'))}" ` +
      `data-title="${escapeAttr(asString(getPath(value, 'title')))}"></${tag}>`
    );
  };

const twitterFollowButton: Formatter = (value) => {
  let userName = asString(getPath(value, 'userName'));
  if (userName === '') {
    const parts = asString(getPath(value, 'profileUrl')).split('/');
    userName = parts[parts.length - 1] ?? '';
  }
  return (
    "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
    'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>' +
    `<div class="squarespace-follow-button" data-username="${escapeAttr(userName)}"></div>`
  );
};

export const socialFormatters = {
  'activate-twitter-links': activateTwitterLinks,
  'comment-count': (value) => coreMessages.comments.count(asNumber(getPath(value, 'publicCommentCount'))),
  'comment-link': commentLink,
  comments,
  'like-button': likeButton,
  'social-button': socialButton(false),
  'social-button-inline': socialButton(true),
  'twitter-follow-button': twitterFollowButton,
} satisfies Record<string, Formatter>;

/**
 * Spec §4: comments show when commentState is 1 or there are public comments, unless the site
 * turned comments off.
 */
const commentsPredicate: Predicate = (_args, ctx) => {
  const settings = ctx.resolve('websiteSettings');
  const node = ctx.node;
  let on = asNumber(getPath(node, 'commentState')) === 1 || asNumber(getPath(node, 'publicCommentCount')) > 0;
  if (settings !== undefined && !isTruthy(getPath(settings, 'commentsEnabled'))) on = false;
  return on;
};

export const socialPredicates = {
  'comments?': commentsPredicate,
  'disqus?': (_args, ctx) => isTruthy(ctx.resolve('websiteSettings.disqusShortName')),
} satisfies Record<string, Predicate>;
