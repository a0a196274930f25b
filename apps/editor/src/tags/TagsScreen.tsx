import { tagsApi, type TagCollection, type TagType } from '@site/page-content';
import { TagManagerPanel, type TagItemNoun } from '@site/ui';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useMe } from '../api/session';
import { useChangeTags, useTags } from '../api/tags';

const COLLECTIONS: { id: TagCollection; label: string; items: TagItemNoun }[] = [
  { id: 'blog', label: 'Blog posts', items: { one: 'post', many: 'posts' } },
  { id: 'products', label: 'Products', items: { one: 'product', many: 'products' } },
];

/** One manager (tags or categories of one collection) over the editor's data layer; every change reloads the list. */
function Manager({
  collection,
  items,
  type,
  readOnly,
}: {
  collection: TagCollection;
  items: TagItemNoun;
  type: TagType;
  readOnly: boolean;
}) {
  const calls = tagsApi(collection);
  const tags = useTags(collection, type);
  const change = useChangeTags(collection, type);
  return (
    <TagManagerPanel
      tagType={type}
      tags={tags.data ?? []}
      items={items}
      isLoading={tags.isPending}
      isPending={change.isPending}
      isReadOnly={readOnly}
      error={change.error?.message ?? tags.error?.message}
      onCreate={(name) => change.mutate({ url: calls.tags, body: { name } })}
      onRename={(from, to) => change.mutate({ url: calls.rename, body: { from: [from], to } })}
      onMerge={(from, into) => change.mutate({ url: calls.merge, body: { from, into } })}
      onRemove={(names) => change.mutate({ url: calls.remove, body: { names } })}
    />
  );
}

/** /config/tags: the tags and categories of the blog's posts and of the store's products. */
export function TagsScreen() {
  const readOnly = !useMe().data?.canEdit;
  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Tags and categories</h1>
      </header>
      <Tabs>
        <TabList aria-label="Tags and categories of" className="ed-tabs">
          {COLLECTIONS.map((c) => (
            <Tab key={c.id} id={c.id} className="ed-tab">
              {c.label}
            </Tab>
          ))}
        </TabList>
        {COLLECTIONS.map((c) => (
          <TabPanel key={c.id} id={c.id}>
            <Manager collection={c.id} items={c.items} type="tag" readOnly={readOnly} />
            <Manager collection={c.id} items={c.items} type="category" readOnly={readOnly} />
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
