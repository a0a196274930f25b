import type { Block, PageDocument, WebsiteComponent } from '@site/page-content';
import { COMPONENT_LIMITS } from '@site/page-content';
import { ComponentList, EditorField } from '@site/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useComponents, useDeleteComponent, useUpdateComponent } from '../api/components';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
import { BlockListEditor } from '../page-editor/BlockListEditor';

const TITLE = 'Components';

/** The site's website components: where each is used, rename, delete (when unused) and edit. */
export function ComponentsScreen() {
  const me = useMe();
  const components = useComponents();
  const rename = useUpdateComponent();
  const remove = useDeleteComponent();
  const navigate = useNavigate();
  const failed = rename.error ?? remove.error;
  return (
    <ScreenFrame title={TITLE}>
      <ComponentList
        components={components.data}
        loadError={components.error ? errorMessage(components.error) : undefined}
        onRetry={() => void components.refetch()}
        isReadOnly={!me.data?.canEdit}
        error={failed ? errorMessage(failed) : undefined}
        onEdit={(id) => void navigate({ to: '/components/$componentId', params: { componentId: id } })}
        onRename={(c, name) => {
          remove.reset();
          rename.mutate({ id: c.id, version: c.version, name });
        }}
        onDelete={(c) => {
          rename.reset();
          remove.mutate({ id: c.id, version: c.version });
        }}
      />
    </ScreenFrame>
  );
}

/** One component's blocks, edited once for every page that uses it; saved live, like the footer. */
export function ComponentEditorScreen({ componentId }: { componentId: string }) {
  const components = useComponents();
  const component = components.data?.find((c) => c.id === componentId);
  if (components.isPending) return <ScreenFrame title={TITLE} status={{ kind: 'loading' }} />;
  if (components.error || !component)
    return (
      <ScreenFrame
        title={TITLE}
        status={{
          kind: 'error',
          message: components.error
            ? errorMessage(components.error)
            : 'This component no longer exists. It may have been deleted in another window.',
          onRetry: () => void components.refetch(),
        }}
      />
    );
  // A fresh form per saved version: saving starts a clean draft of what the server now holds.
  return (
    <ComponentForm
      key={`${component.id}:${component.version}`}
      component={component}
      onReload={() => void components.refetch()}
    />
  );
}

const asDocument = (blocks: readonly Block[]): PageDocument => ({
  sections: [{ id: 'component', background: 'default', width: 'wide', blocks: [...blocks] }],
});

function ComponentForm({ component, onReload }: { component: WebsiteComponent; onReload: () => void }) {
  const me = useMe();
  const readOnly = !me.data?.canEdit;
  const save = useUpdateComponent();
  const form = useVersionedForm({ name: component.name, blocks: component.blocks }, save);
  const { value, update } = form;
  const editBlocks = (change: (doc: PageDocument) => PageDocument) =>
    update((v) => ({
      ...v,
      blocks: change(asDocument(v.blocks)).sections[0]!.blocks.map(({ place: _p, ...b }) => b),
    }));
  const pages = component.usage.pages.map((p) => p.title);
  return (
    <ScreenFrame
      title={`Component: ${component.name}`}
      save={
        readOnly
          ? undefined
          : {
              state: form.state,
              canSave: form.canSave,
              onSave: () => save.mutate({ id: component.id, version: component.version, ...value }),
            }
      }
      onReload={form.conflict ? onReload : undefined}
    >
      <p>
        <Link to="/components" className="ed-link-button">
          All components
        </Link>
      </p>
      <p className="ed-banner">
        {pages.length
          ? `Used on ${pages.join(', ')}. Saving changes every one of them at once.`
          : 'Not used on any page yet. Place it from the Add panel of any page.'}
      </p>
      <section className="ed-card">
        <fieldset disabled={readOnly} className="ed-form__grid">
          <EditorField label="Name" error={form.errors(['name']).name}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={value.name}
                maxLength={COMPONENT_LIMITS.maxNameLength}
                onChange={(e) => update({ name: e.target.value })}
              />
            )}
          </EditorField>
        </fieldset>
        <h2 className="ed-subtitle">Blocks</h2>
        <BlockListEditor
          doc={asDocument(value.blocks)}
          onChange={editBlocks}
          isReadOnly={readOnly}
          addLabel="Add block"
          minBlocks={1}
          initialSelection={component.blocks[0]?.id}
          settingsErrors={(index) => form.errors(['blocks', index, 'settings'])}
        />
      </section>
    </ScreenFrame>
  );
}
