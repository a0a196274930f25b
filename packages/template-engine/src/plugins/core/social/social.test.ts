import { describe, expect, it } from 'vitest';
import { check, fakeContext, run } from '../test-context';
import { socialFormatters as f, socialPredicates as p } from './social';

describe('activate-twitter-links (spec §5)', () => {
  it('links URLs, @handles and #hashtags', () => {
    expect(run(f['activate-twitter-links'], 'see https://x.test/a?b=1 @ada_l #café #tag')).toBe(
      'see <a target="new" href="https://x.test/a?b=1">https://x.test/a?b=1</a> ' +
        '<a target="new" href="https://twitter.com/ada_l/">@ada_l</a> ' +
        '<a target="new" href="https://twitter.com/hashtag/caf?src=hash">#caf</a>é ' +
        '<a target="new" href="https://twitter.com/hashtag/tag?src=hash">#tag</a>',
    );
  });

  it('leaves mid-word @ and # alone', () => {
    expect(run(f['activate-twitter-links'], 'mail@example.com a#b')).toBe('mail@example.com a#b');
  });
});

describe('comments', () => {
  it.each([
    [0, 'No Comments'],
    [1, '1 Comment'],
    [2, '2 Comments'],
  ])('comment-count %d (spec §5)', (n, text) =>
    expect(run(f['comment-count'], { publicCommentCount: n })).toBe(text),
  );

  it('links to the comments of the item', () => {
    expect(
      run(f['comment-link'], { id: 'i1', fullUrl: '/p', publicCommentCount: 0 }, [], fakeContext()),
    ).toBe('\n  <a href="/p#comments-i1" class="sqs-comment-link" data-id="i1">\n  No\n  Comments\n  </a>\n');
  });

  it.each([
    ['no count: nothing printed, plural', {}, '\n  Comments'],
    ['text "1" is not the number 1', { publicCommentCount: '1' }, '1\n  Comments'],
    ['text "0" is not the number 0', { publicCommentCount: '0' }, '0\n  Comments'],
    ['1', { publicCommentCount: 1 }, '1\n  Comment\n'],
  ])('comment-link with %s (as the reference)', (_name, extra, text) => {
    expect(run(f['comment-link'], { id: 'i1', fullUrl: '/p', ...extra }, [], fakeContext())).toContain(
      `data-id="i1">\n  ${text}`,
    );
  });

  it('looks fields the value lacks up in the enclosing scopes', () => {
    const ctx = fakeContext({ scopes: [{ id: 'outer', fullUrl: '/o', publicCommentCount: 2 }] });
    expect(run(f['comment-link'], {}, [], ctx)).toBe(
      '\n  <a href="/o#comments-outer" class="sqs-comment-link" data-id="outer">\n  2\n  Comments\n  </a>\n',
    );
    expect(run(f.comments, 'text', [], ctx)).toBe(
      '\n  <div class="squarespace-comments" id="comments-outer"></div>\n',
    );
  });

  it('switches to Disqus when the site has a short name', () => {
    const ctx = fakeContext({ root: { websiteSettings: { disqusShortname: 'site' } } });
    expect(run(f['comment-link'], { id: 'i1', fullUrl: '/p' }, [], ctx)).toBe(
      '\n  <a href="/p" class="sqs-comment-link sqs-disqus-comment-link" data-id="i1"></a>\n',
    );
    expect(run(f.comments, { id: 'i1' }, [], ctx)).toBe(
      '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n',
    );
  });

  it('describes the item or collection whose comments these are', () => {
    const item = { id: 'i1', publicCommentCount: 4, commentState: 2 };
    expect(run(f.comments, { id: 'i1', item }, [], fakeContext())).toBe(
      '\n  <div class="squarespace-comments" id="comments-i1" data-item-id="i1" data-public-comment-count="4" data-comment-state="2"></div>\n',
    );
    const collection = { id: 'c1', publicCommentCount: 1, commentState: 1 };
    expect(run(f.comments, { id: 'c1' }, [], fakeContext({ root: { collection } }))).toBe(
      '\n  <div class="squarespace-comments" id="comments-c1" data-collection-id="c1" data-public-comment-count="1" data-comment-state="1"></div>\n',
    );
  });

  it.each([
    [{ commentState: 1 }, {}, true],
    [{ publicCommentCount: 3 }, {}, true],
    [{ commentState: 2 }, {}, false],
    [{ commentState: 1 }, { websiteSettings: { commentsEnabled: false } }, false],
    [{ commentState: 1 }, { websiteSettings: { commentsEnabled: true } }, true],
  ])('comments? %j under %j (spec §4)', (item, root, shown) =>
    expect(check(p['comments?'], item, [], { root })).toBe(shown),
  );

  it('disqus? needs a short name', () => {
    expect(check(p['disqus?'], {}, [], { root: { websiteSettings: { disqusShortName: 'x' } } })).toBe(true);
    expect(check(p['disqus?'], {}, [], { root: { websiteSettings: { disqusShortName: '' } } })).toBe(false);
  });
});

describe('buttons', () => {
  const post = {
    id: 'p1',
    likeCount: 7,
    systemDataId: 's1',
    assetUrl: '/a.jpg',
    recordType: 1,
    fullUrl: '/post',
    title: 'A "b"',
  };

  it('likes only when simple liking is on', () => {
    expect(run(f['like-button'], post, [], fakeContext())).toBe('');
    expect(
      run(
        f['like-button'],
        post,
        [],
        fakeContext({ root: { websiteSettings: { simpleLikingEnabled: true } } }),
      ),
    ).toBe(
      '\n  <span class="sqs-simple-like" data-item-id="p1" data-like-count="7">\n    <span class="like-icon"></span>\n' +
        '    <span class="like-count"></span>\n  </span>\n',
    );
  });

  it('shares only when share button options are set (spec §9)', () => {
    expect(
      run(f['social-button'], post, [], fakeContext({ root: { website: { shareButtonOptions: [] } } })),
    ).toBe('');
    const ctx = fakeContext({ root: { website: { shareButtonOptions: ['x'] } } });
    expect(run(f['social-button-inline'], post, [], ctx)).toBe(
      '<span class="squarespace-social-buttons inline-style" data-system-data-id="s1" data-asset-url="/a.jpg" ' +
        'data-record-type="1" data-full-url="/post" data-title="A &quot;b&quot;"></span>',
    );
    expect(run(f['social-button'], post, [], ctx)).toMatch(
      /^<div class="squarespace-social-buttons button-style".*<\/div>$/,
    );
  });

  it('follows the user named, or the last part of the profile URL', () => {
    expect(run(f['twitter-follow-button'], { profileUrl: 'https://twitter.com/someone' })).toContain(
      'data-username="someone"',
    );
    expect(run(f['twitter-follow-button'], { userName: 'me' })).toContain('data-username="me"');
  });
});
