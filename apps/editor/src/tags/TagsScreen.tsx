import { TAGS_API, type TagType, type TagView } from '@site/page-content';
import { TagManagerPanel } from '@site/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http';
import { useMe } from '../api/queries';

const key = (type: TagType) => ['blog-tags', type] as const;

/** One manager (tags or categories) over the editor's data layer; every change reloads the list. */
function Manager({ type, readOnly }: { type: TagType; readOnly: boolean }) {
  const client = useQueryClient();
  const tags = useQuery({
    queryKey: key(type),
    queryFn: async () => (await api<{ tags: TagView[] }>('GET', TAGS_API.tags, { query: { type } })).tags,
  });
  const change = useMutation({
    mutationFn: ({ url, body }: { url: string; body: Record<string, unknown> }) => api('POST', url, { body: { type, ...body } }),
    onSettled: () => client.invalidateQueries({ queryKey: key(type) }),
  });
  return (
    <TagManagerPanel
      tagType={type}
      tags={tags.data ?? []}
      isPending={change.isPending}
      isReadOnly={readOnly}
      error={change.error?.message ?? tags.error?.message}
      onCreate={(name) => change.mutate({ url: TAGS_API.tags, body: { name } })}
      onRename={(from, to) => change.mutate({ url: TAGS_API.rename, body: { from: [from], to } })}
      onMerge={(from, into) => change.mutate({ url: TAGS_API.merge, body: { from, into } })}
      onRemove={(names) => change.mutate({ url: TAGS_API.remove, body: { names } })}
    />
  );
}

/** /config/tags: the blog's tags and categories. */
export function TagsScreen() {
  const readOnly = !useMe().data?.canEdit;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Tags and categories</h1>
      </header>
      <Manager type="tag" readOnly={readOnly} />
      <Manager type="category" readOnly={readOnly} />
    </div>
  );
}
