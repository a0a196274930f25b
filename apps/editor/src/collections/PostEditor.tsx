import {
  POST_STATUS_LABELS,
  TAG_MAX_LENGTH,
  type BlogPostView,
  type FeaturedImage,
  type ItemSeo,
  type PageSummary,
  slugAfterTitleChange,
  slugFollowsTitle,
  slugFromTitle,
} from '@site/page-content';
import { EditorField, RichTextField, SaveStatus, SeoPanel } from '@site/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useEditorSite } from '../api/editor-site';
import { useSiteTimeZone } from '../api/site-time-zone';
import { postKeys, savePost, usePost } from '../api/posts';
import { useMe } from '../api/session';
import { useTagNames } from '../api/tags';
import { errorMessage } from '../screen-kit/save-state';
import { issuesByPath } from '../api/http';
import { useLinkTargets } from '../page-editor/useLinkTargets';
import {
  FeaturedImageField,
  NamesField,
  SlugField,
  StaleBanner,
  TextAreaField,
  TitleField,
} from './ItemFields';
import { useSaveSoon } from './ItemLoader';
import { formatWhen } from './item-dates';
import { useAutosave } from '../screen-kit/useAutosave';
import { fromZonedInput, toZonedInput } from './zoned-time';

interface PostDraft {
  title: string;
  urlId: string;
  body: string;
  excerpt: string;
  author: string;
  tags: string[];
  categories: string[];
  commentState: 0 | 1;
  featuredImage: FeaturedImage | null;
  publishOn: string | null;
  status: 'draft' | 'published';
  seo: ItemSeo;
}

const draftOf = (post: BlogPostView): PostDraft => ({
  title: post.title,
  urlId: post.urlId,
  body: post.body,
  excerpt: post.excerpt,
  author: post.author,
  tags: post.tags,
  categories: post.categories,
  commentState: post.commentState === 1 ? 1 : 0,
  featuredImage: post.featuredImage,
  publishOn: post.publishOn,
  status: post.status === 'draft' ? 'draft' : 'published',
  seo: post.seo,
});

/** One blog post: loads it, then edits it with autosave (a new tab or person saving first stops it). */
export function PostEditor({ page, postId }: { page: PageSummary; postId: string }) {
  const post = usePost(postId);
  // A reload starts the form again from the server's post.
  const [generation, setGeneration] = useState(0);
  if (post.isPending) return <p className="ed-muted">Loading the post…</p>;
  if (post.error)
    return (
      <p className="ed-field__error" role="alert">
        {errorMessage(post.error)}
      </p>
    );
  const reload = () => void post.refetch().then(() => setGeneration((g) => g + 1));
  return <PostForm key={`${post.data.id}:${generation}`} page={page} post={post.data} onReload={reload} />;
}

function PostForm({ page, post, onReload }: { page: PageSummary; post: BlogPostView; onReload: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const isReadOnly = !useMe().data?.canEdit;
  const zone = useSiteTimeZone().zone;
  const { linkTargets } = useLinkTargets();
  const tagNames = useTagNames('blog', 'tag').data ?? [];
  const categoryNames = useTagNames('blog', 'category').data ?? [];
  const siteTitle = useEditorSite().data?.website.siteTitle ?? '';
  const [draft, setDraft] = useState<PostDraft>(() => draftOf(post));
  const [server, setServer] = useState(post);
  const [publishAt, setPublishAt] = useState(post.publishOn ? toZonedInput(post.publishOn, zone) : '');
  // A draft's address follows its title as it is typed, until the owner types an address. Once
  // published (here or before) it stays put: links to it may already be out there.
  const [slugFollows, setSlugFollows] = useState(
    () => post.status === 'draft' && slugFollowsTitle(post.urlId, post.title),
  );
  const set = <K extends keyof PostDraft>(key: K, value: PostDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const saver = useAutosave(
    draft,
    post.version,
    async (value, version) => {
      const saved = await savePost(post.id, { version, ...value });
      setServer(saved);
      client.setQueryData(postKeys.post(post.id), saved);
      void client.invalidateQueries({ queryKey: postKeys.posts(page.id) });
      return saved;
    },
    { guardLeaving: true },
  );
  // Publish and unpublish save at once, after the status has reached the draft.
  const saveSoon = useSaveSoon(saver.flush);

  const errors = issuesByPath(saver.error);
  const setStatus = (status: PostDraft['status']) => {
    if (status === 'published') setSlugFollows(false);
    const publishOn =
      status === 'published' && publishAt
        ? (fromZonedInput(publishAt, zone) ?? null)
        : status === 'published'
          ? null
          : draft.publishOn;
    setDraft((d) => ({ ...d, status, publishOn }));
    saveSoon();
  };
  const when = server.publishOn ? formatWhen(server.publishOn, zone) : '';

  return (
    <form className="ed-form ed-item-editor" onSubmit={(e) => (e.preventDefault(), void saver.flush())}>
      {saver.stale && <StaleBanner noun="post" onReload={onReload} />}
      <div className="ed-item-editor__bar">
        <span className={`ed-badge ed-badge--${server.status}`}>{POST_STATUS_LABELS[server.status]}</span>
        {server.status !== 'draft' && when && (
          <span className="ed-muted">
            {server.status === 'scheduled' ? `Goes live ${when}` : `Published ${when}`}
          </span>
        )}
        <SaveStatus state={saver.state} onRetry={() => void saver.flush()} />
        {!isReadOnly && (
          <span className="ed-row ed-item-editor__actions">
            <button type="submit" className="ed-button" disabled={!saver.isDirty || saver.stale}>
              Save
            </button>
            {server.status === 'draft' ? (
              <button
                type="button"
                className="ed-button ed-button--primary"
                onClick={() => setStatus('published')}
                disabled={saver.stale}
              >
                {publishAt && Date.parse(fromZonedInput(publishAt, zone) ?? '') > Date.now()
                  ? 'Schedule'
                  : 'Publish'}
              </button>
            ) : (
              <button
                type="button"
                className="ed-button"
                onClick={() => setStatus('draft')}
                disabled={saver.stale}
              >
                Unpublish
              </button>
            )}
          </span>
        )}
      </div>

      <TitleField
        value={draft.title}
        onChange={(title) =>
          setDraft((d) => ({ ...d, title, urlId: slugAfterTitleChange(d.urlId, slugFollows, title) }))
        }
        isReadOnly={isReadOnly}
        error={errors.title}
      />

      <SlugField
        path={page.path}
        title={draft.title}
        value={draft.urlId}
        onChange={(slug) => {
          setSlugFollows(slug !== '' && slug === slugFromTitle(draft.title));
          set('urlId', slug);
        }}
        isReadOnly={isReadOnly}
        hint="Lowercase letters, digits and dashes."
        error={errors.urlId}
      />

      <RichTextField
        label="Body"
        value={draft.body}
        onChange={(html) => set('body', html)}
        isReadOnly={isReadOnly}
        pages={linkTargets.pages}
        files={linkTargets.files}
        error={errors.body}
      />

      <TextAreaField
        label="Excerpt"
        hint="Shown in the blog list and summary blocks."
        rows={3}
        maxLength={1000}
        value={draft.excerpt}
        onChange={(excerpt) => set('excerpt', excerpt)}
        isReadOnly={isReadOnly}
      />

      <FeaturedImageField
        value={draft.featuredImage}
        onChange={(image) => set('featuredImage', image)}
        isReadOnly={isReadOnly}
        error={errors['featuredImage.src']}
      />

      <div className="ed-form__grid">
        <EditorField label="Author">
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={draft.author}
              maxLength={120}
              readOnly={isReadOnly}
              onChange={(e) => set('author', e.target.value)}
            />
          )}
        </EditorField>
        <EditorField
          label={<>Publish date ({zone})</>}
          hint="Empty publishes now; a later time schedules the post."
          error={errors.publishOn}
        >
          {(control) => (
            <input
              {...control}
              className="ed-input"
              type="datetime-local"
              value={publishAt}
              readOnly={isReadOnly}
              onChange={(e) => {
                setPublishAt(e.target.value);
                const iso = e.target.value ? fromZonedInput(e.target.value, zone) : null;
                if (iso !== undefined && draft.status === 'published') set('publishOn', iso);
              }}
            />
          )}
        </EditorField>
      </div>

      <div className="ed-form__grid">
        <NamesField
          label="Tags"
          values={draft.tags}
          known={tagNames}
          onChange={(v) => set('tags', v)}
          isReadOnly={isReadOnly}
          maxLength={TAG_MAX_LENGTH.tag}
        />
        <NamesField
          label="Categories"
          values={draft.categories}
          known={categoryNames}
          onChange={(v) => set('categories', v)}
          isReadOnly={isReadOnly}
          maxLength={TAG_MAX_LENGTH.category}
        />
      </div>

      <div className="ed-field ed-field--toggle">
        <input
          id={`${id}-comments`}
          type="checkbox"
          checked={draft.commentState === 1}
          disabled={isReadOnly}
          onChange={(e) => set('commentState', e.target.checked ? 1 : 0)}
        />
        <label htmlFor={`${id}-comments`}>Comments on (visitors can comment; you approve each one)</label>
      </div>

      <SeoPanel
        noun="post"
        value={draft.seo}
        onChange={(patch) => set('seo', { ...draft.seo, ...patch })}
        fallback={{
          title: siteTitle ? `${draft.title} — ${siteTitle}` : draft.title,
          description: draft.excerpt,
          image: draft.featuredImage?.src,
        }}
        url={`${location.host}${page.path}/${draft.urlId}`}
        errors={{
          title: errors['seo.title'],
          description: errors['seo.description'],
          socialImage: errors['seo.socialImage'],
        }}
        disabled={isReadOnly}
      />
    </form>
  );
}
