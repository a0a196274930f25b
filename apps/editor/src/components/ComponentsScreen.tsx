import type { Block, PageDocument, WebsiteComponent } from '@site/page-content';
import { blockDefinition, COMPONENT_LIMITS } from '@site/page-content';
import { BlockInspector, BlockPicker, ComponentList, EditorField, EditorIcon } from '@site/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useComponents, useDeleteComponent, useUpdateComponent } from '../api/components';
import { useMe } from '../api/session';
import { errorMessage } from '../screen-kit/save-state';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { useVersionedForm } from '../screen-kit/useVersionedForm';
import { blockSummary } from '../page-editor/BlockList';
import { addBlock, removeBlock, updateBlockSettings } from '../page-editor/document-ops';

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
  const [selected, setSelected] = useState<string | undefined>(component.blocks[0]?.id);
  const [picking, setPicking] = useState(false);
  const selectedBlock = value.blocks.find((b) => b.id === selected);
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
        <ul className="ed-page-list">
          {value.blocks.map((block) => (
            <li key={block.id} className="ed-page-row">
              <button
                type="button"
                className="ed-link-button ed-page-row__title"
                aria-pressed={selected === block.id}
                onClick={() => setSelected(block.id)}
              >
                {blockDefinition(block.type)?.label}
              </button>
              <span className="ed-page-row__path">{blockSummary(block)}</span>
              {!readOnly && value.blocks.length > 1 && (
                <button
                  type="button"
                  className="ed-icon-button"
                  aria-label={`Remove ${blockDefinition(block.type)?.label}`}
                  onClick={() => editBlocks((doc) => removeBlock(doc, block.id))}
                >
                  <EditorIcon name="remove" />
                </button>
              )}
            </li>
          ))}
        </ul>
        {selectedBlock && blockDefinition(selectedBlock.type) && (
          <div className="ed-card ed-card--inset">
            <BlockInspector
              definition={blockDefinition(selectedBlock.type)!}
              settings={selectedBlock.settings}
              isReadOnly={readOnly}
              errors={form.errors(['blocks', value.blocks.indexOf(selectedBlock), 'settings'])}
              onChange={(settings) =>
                editBlocks((doc) => updateBlockSettings(doc, selectedBlock.id, settings))
              }
            />
          </div>
        )}
        {!readOnly &&
          (picking ? (
            <BlockPicker
              onPick={(type) => {
                let added: string | undefined;
                editBlocks((doc) => {
                  const result = addBlock(doc, type, value.blocks.at(-1)?.id);
                  added = result.blockId;
                  return result.doc;
                });
                setSelected(added);
                setPicking(false);
              }}
            />
          ) : (
            <button type="button" className="ed-button" onClick={() => setPicking(true)}>
              Add block
            </button>
          ))}
      </section>
    </ScreenFrame>
  );
}
