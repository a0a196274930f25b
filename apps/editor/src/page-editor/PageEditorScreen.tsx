import {
  blockDefinition,
  CONTENT_STATUS_LABELS,
  layoutSection,
  LIMITS,
  countBlocks,
  messages,
  areaPriceLabel,
  type Block,
  type DeviceView,
  type PageDetail,
  type PageDocument,
  type Placement,
  WEBSITE_COMPONENT_TYPE,
  type WebsiteComponent,
} from '@site/page-content';
import {
  ActionNotice,
  BlockInspector,
  BlockPicker,
  DeviceSwitcher,
  EditorIcon,
  EmptyState,
  editorMessages,
  GridPlacement,
  gridMessages,
  PhoneOrder,
  SaveAsComponent,
  SectionPresetPicker,
  SaveStatus,
  UnsavedChangesDialog,
} from '@site/ui';
import { Link, useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useEditorSite, usePreviewProducts } from '../api/editor-site';
import { usePage, usePublish } from '../api/pages';
import { useComponents, useCreateComponent } from '../api/components';
import { useMe } from '../api/session';
import { useSiteLayout } from '../api/site-layout';
import { errorMessage } from '../screen-kit/save-state';
import { PageSettingsDialog } from './PageSettingsDialog';
import { inPlaceTarget, settingsWithValue } from '../preview/in-place';
import { PreviewFrame, type InPlaceEditing } from '../preview/PreviewFrame';
import { previewReferences, renderDataFor, renderPreview } from '../preview/render-preview';
import { BlockList, blockName, blockSummary } from './BlockList';
import { ChooseImage } from './ChooseImage';
import { NewsletterConnection } from '../mailing-lists/NewsletterConnection';
import {
  addBlock,
  addComponent,
  addSection,
  blocksInOrder,
  detachComponent,
  replaceWithComponent,
  canAddBlock,
  changedBlocks,
  duplicateBlock,
  duplicateBlocks,
  findBlock,
  moveBlockBy,
  moveBlockTo,
  movePhoneOrderTo,
  moveSectionBy,
  placeBlock,
  removeBlock,
  removeBlocks,
  removeSection,
  updateBlockSettings,
  updateSection,
} from './document-ops';
import { historyReducer, initialHistory } from './history';
import { RevisionsPanel } from './RevisionsPanel';
import { useDraftSaver } from './useDraftSaver';
import { useLinkTargets } from './useLinkTargets';
import { useGalleryMedia } from './useGalleryMedia';
import { useProductPicker } from './useProductPicker';
import { useMemberAreas } from '../api/member-areas';
import { memberAreaPreview } from '../preview/render-preview';

type Panel = 'blocks' | 'add' | 'changes' | 'history';

export function PageEditorScreen({ pageId }: { pageId: string }) {
  const page = usePage(pageId);
  const site = useEditorSite();
  if (page.isPending || site.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading the page…
      </p>
    );
  if (page.error || site.error) {
    return (
      <EmptyState
        title={errorMessage(page.error ?? site.error)}
        action={
          <Link to="/pages" className="ed-button">
            Back to pages
          </Link>
        }
      >
        {messages.unableToLoadTryAgain}
      </EmptyState>
    );
  }
  // Keyed by id so opening another page starts a fresh history.
  return <PageEditor key={page.data.id} page={page.data} />;
}

function PageEditor({ page }: { page: PageDetail }) {
  const me = useMe();
  const site = useEditorSite().data!;
  const layout = useSiteLayout().data;
  const readOnly = !me.data?.canEdit;
  const [history, dispatch] = useReducer(historyReducer, page.draft, initialHistory);
  const doc = history.present;
  const saver = useDraftSaver(page, doc, !readOnly);
  const publish = usePublish();
  const [selected, setSelected] = useState<string | undefined>(doc.sections[0]?.blocks[0]?.id);
  // Blocks Shift-clicked into the selection beside `selected`; any other way of selecting ends it.
  const [also, setAlso] = useState<readonly string[]>([]);
  useEffect(() => setAlso([]), [selected]);
  const [device, setDevice] = useState<DeviceView>('desktop');
  const [panel, setPanel] = useState<Panel>('blocks');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [presetsOpen, setPresetsOpen] = useState(false);
  const edit = useCallback(
    (next: typeof doc, key?: string) => dispatch({ type: 'edit', doc: next, key }),
    [],
  );

  const { linkTargets, pagePaths, files } = useLinkTargets();
  // Keyed by the sorted ids it names: typing that names nothing new re-renders from the same data.
  const refs = useMemo(() => previewReferences(site, [doc, site.headerFooter.footer.content]), [site, doc]);
  const previewProducts = usePreviewProducts(refs).data;
  const components = useComponents();
  const componentsById = useMemo(
    () => new Map((components.data ?? []).map((c) => [c.id, c])),
    [components.data],
  );
  const memberAreas = useMemberAreas().data;
  const data = useMemo(
    () => ({
      ...renderDataFor(site, previewProducts),
      pages: pagePaths,
      files,
      components: componentsById,
      memberAreas: memberAreaPreview(memberAreas, pagePaths),
    }),
    [site, previewProducts, pagePaths, files, componentsById, memberAreas],
  );
  const createComponent = useCreateComponent();
  /** The blocks become a component, and one placed copy of it takes their place (one undo step). */
  const saveAsComponent = async (blockIds: readonly string[], name: string) => {
    const blocks = blocksInOrder(docRef.current, blockIds);
    const created = await createComponent.mutateAsync({ name, blocks }).catch(() => undefined);
    if (!created) return;
    const result = replaceWithComponent(docRef.current, blockIds, created.id);
    edit(result.doc);
    setSelected(result.blockId);
    setAnnouncement(`Saved as the component ${created.name}. It is in the Add panel for every page.`);
  };
  const preview = useMemo(
    () =>
      renderPreview(
        site,
        { id: page.id, title: page.title, path: page.path, description: page.description },
        doc,
        data,
        layout,
      ),
    [site, page.id, page.title, page.path, page.description, doc, data, layout],
  );

  const blocker = useBlocker({
    shouldBlockFn: () => saver.isDirty,
    withResolver: true,
    enableBeforeUnload: () => saver.isDirty,
  });

  // Read at call time: shortcuts typed in the preview's frame arrive outside React's events.
  const saverRef = useRef(saver);
  saverRef.current = saver;
  const onShortcut = useCallback((event: KeyboardEvent): boolean => {
    const mod = event.metaKey || event.ctrlKey;
    const key = event.key.toLowerCase();
    if (!mod || !['z', 'y', 's'].includes(key)) return false;
    event.preventDefault();
    if (key === 's') void saverRef.current.flush();
    else dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
    return true;
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable]')) return;
      onShortcut(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onShortcut]);

  // Typing in the preview edits this same document. Keystrokes can come faster than React
  // renders, so each one builds on the newest document, not on the one last rendered.
  const docRef = useRef(doc);
  docRef.current = doc;
  const ownEditRef = useRef<PageDocument | undefined>(undefined);
  const editingRef = useRef<string | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const [editRequest, setEditRequest] = useState<{ blockId: string }>();
  const inPlace: InPlaceEditing | undefined = readOnly
    ? undefined
    : {
        blockType: (id) => findBlock(docRef.current, id)?.block.type,
        onInput: (blockId, target, value) => {
          const current = docRef.current;
          const block = findBlock(current, blockId)?.block;
          const settings = block && settingsWithValue(block, target, value);
          if (!settings) return;
          const next = updateBlockSettings(current, blockId, settings);
          docRef.current = next;
          ownEditRef.current = next;
          // The inspector's key for the same setting: typing here and there is one undo step.
          edit(next, `${blockId}.${target.key}`);
        },
        onShortcut,
        onEditingChange: (editing) => {
          const was = editingRef.current;
          editingRef.current = editing?.blockId;
          // Typing on the page is its own undo step, apart from what was typed in the inspector.
          dispatch({ type: 'seal' });
          if (editing) {
            setSelected(editing.blockId);
            setAnnouncement(
              `Editing ${editing.target.label.toLowerCase()} on the page. Press Escape to finish.`,
            );
          } else if (was) setAnnouncement('Finished editing. Press Enter to edit again.');
        },
        isOwnEdit: doc === ownEditRef.current,
        linkTargets,
      };
  /** Shift on a block other than the first: it joins the selection, or leaves it. */
  const extendSelection = (id: string, extend: boolean): boolean => {
    if (!extend || !selected || id === selected || readOnly) return false;
    const leaving = also.includes(id);
    const next = leaving ? also.filter((other) => other !== id) : [...also, id];
    setAlso(next);
    const type = findBlock(docRef.current, id)?.block.type;
    const label = (type && blockDefinition(type)?.label) ?? 'Block';
    setAnnouncement(
      `${label} block ${leaving ? 'taken out of' : 'added to'} the selection. ${next.length + 1} blocks selected.`,
    );
    return true;
  };
  const selectOne = (id: string, extend = false) => {
    if (extendSelection(id, extend)) return;
    setSelected(id);
    setAlso([]);
  };
  const selectFromPreview = (id: string, extend: boolean) => {
    if (extendSelection(id, extend)) return;
    setSelected(id);
    setAlso([]);
    if (editingRef.current === id) return;
    const type = findBlock(docRef.current, id)?.block.type;
    const label = type ? blockDefinition(type)?.label : undefined;
    if (label)
      setAnnouncement(
        readOnly || !inPlaceTarget(type!)
          ? `${label} block selected.`
          : `${label} block selected. Press Enter to edit it on the page.`,
      );
  };

  const selectedBlock = selected ? findBlock(doc, selected)?.block : undefined;
  const alsoSelected = also.filter((id) => findBlock(doc, id));
  const several = selectedBlock && alsoSelected.length > 0 ? [selectedBlock.id, ...alsoSelected] : undefined;
  const selectedDefinition = selectedBlock ? blockDefinition(selectedBlock.type) : undefined;
  const galleryMedia = useGalleryMedia(selectedBlock?.type === 'gallery', files);
  const location = selectedBlock ? findBlock(doc, selectedBlock.id) : undefined;
  const fieldErrors = location
    ? issuesByPath(saver.error, [
        'document',
        'sections',
        location.sectionIndex,
        'blocks',
        location.blockIndex,
        'settings',
      ])
    : {};
  const changes = changedBlocks(saver.saved, doc);
  const changeCount =
    changes.added.length + changes.removed.length + changes.edited.length + (changes.moved ? 1 : 0);
  const atLimit = !canAddBlock(doc);
  const product = useProductPicker(selectedBlock, previewProducts);
  const choices = useMemo(
    () => ({
      product: product.choices,
      collection: site.collections.map((c) => ({ value: c.id, label: c.title })),
      form: site.forms.map((f) => ({ value: f.id, label: f.name })),
      // Left out while the areas load, so a plan's area is not taken for a removed one meanwhile.
      ...(memberAreas && {
        'member-area': memberAreas.map((a) => ({
          value: a.id,
          label: a.name,
          price: areaPriceLabel(a.price, a.currency),
        })),
      }),
    }),
    [site, product.choices, memberAreas],
  );

  const [justPublished, setJustPublished] = useState(false);
  const onPublish = async () => {
    setJustPublished(false);
    if (!(await saver.flush())) return;
    const published = await publish
      .mutateAsync({ id: page.id, version: saver.latestVersion() })
      .catch(() => undefined);
    if (published) {
      saver.rebase({ ...published, draft: doc });
      setJustPublished(true);
    }
  };

  const pageUrl = page.path;
  const status = page.status;
  return (
    <div className="ed-page-editor">
      <div className="ed-toolbar" role="toolbar" aria-label="Page tools">
        <div className="ed-toolbar__start">
          <Link to="/pages" className="ed-icon-button" aria-label="All pages">
            <EditorIcon name="back" />
          </Link>
          <div className="ed-toolbar__title">
            <h1 className="ed-page-title">{page.title}</h1>
            <span className={`ed-badge ed-badge--${status}`}>{CONTENT_STATUS_LABELS[status]}</span>
            {page.hasUnpublishedChanges && status === 'published' && (
              <span className="ed-badge ed-badge--pending">Changes not live</span>
            )}
          </div>
        </div>
        <DeviceSwitcher value={device} onChange={setDevice} />
        <div className="ed-toolbar__end">
          {!readOnly && (
            <>
              <button
                type="button"
                className="ed-icon-button"
                onClick={() => dispatch({ type: 'undo' })}
                disabled={history.past.length === 0}
                aria-label="Undo"
                title="Undo (Ctrl+Z)"
              >
                <EditorIcon name="undo" />
              </button>
              <button
                type="button"
                className="ed-icon-button"
                onClick={() => dispatch({ type: 'redo' })}
                disabled={history.future.length === 0}
                aria-label="Redo"
                title="Redo (Ctrl+Shift+Z)"
              >
                <EditorIcon name="redo" />
              </button>
              <SaveStatus state={saver.state} onRetry={saver.stale ? undefined : () => void saver.flush()} />
              <button
                type="button"
                className="ed-button ed-button--ghost"
                onClick={() => setSettingsOpen(true)}
              >
                Settings
              </button>
              <button
                type="button"
                className="ed-button"
                onClick={() => void saver.flush()}
                disabled={!saver.isDirty || saver.state.kind === 'saving'}
              >
                Save
              </button>
              <button
                type="button"
                className="ed-button ed-button--primary"
                onClick={() => void onPublish()}
                disabled={publish.isPending}
              >
                {publish.isPending ? 'Publishing…' : 'Publish'}
              </button>
            </>
          )}
          <a className="ed-button ed-button--ghost" href={pageUrl} target="_blank" rel="noreferrer">
            View live
          </a>
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {readOnly && <p className="ed-banner">You can look at this page but your role cannot change it.</p>}
      {saver.stale && (
        <p className="ed-banner ed-banner--error" role="alert">
          {messages.staleVersion}{' '}
          <button type="button" className="ed-link-button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      )}
      {publish.error && (
        <p className="ed-banner ed-banner--error" role="alert">
          {errorMessage(publish.error)}
        </p>
      )}
      <ActionNotice
        className="ed-action-notice--banner"
        message={justPublished && !saver.isDirty ? editorMessages.published : undefined}
        onDismiss={() => setJustPublished(false)}
      >
        <a href={pageUrl} target="_blank" rel="noreferrer">
          {editorMessages.viewLivePage}
        </a>
      </ActionNotice>
      {preview.errors.length > 0 && (
        <p className="ed-banner ed-banner--error">Template problem: {preview.errors[0]!.message}</p>
      )}
      <div className="ed-workspace">
        <aside className="ed-sidebar" aria-label="Page content">
          <div className="ed-tabs" role="tablist" aria-label="Panels">
            {(['blocks', 'add', 'changes', 'history'] as const)
              .filter((p) => !readOnly || p === 'blocks' || p === 'history')
              .map((p) => (
                <button
                  key={p}
                  type="button"
                  role="tab"
                  id={`tab-${p}`}
                  aria-controls={`panel-${p}`}
                  aria-selected={panel === p}
                  className="ed-tab"
                  onClick={() => setPanel(p)}
                >
                  {TAB_LABELS[p]}
                  {p === 'changes' && changeCount > 0 ? ` (${changeCount})` : ''}
                </button>
              ))}
          </div>
          <div className="ed-panel" role="tabpanel" id={`panel-${panel}`} aria-labelledby={`tab-${panel}`}>
            {panel === 'blocks' &&
              (countBlocks(doc) === 0 ? (
                <EmptyState
                  title="This page has no blocks yet"
                  action={
                    !readOnly && (
                      <button
                        type="button"
                        className="ed-button ed-button--primary"
                        onClick={() => setPanel('add')}
                      >
                        Add block
                      </button>
                    )
                  }
                >
                  Start with a heading, some text or an image.
                </EmptyState>
              ) : (
                <>
                  <p className="ed-muted">
                    {countBlocks(doc)} of {LIMITS.maxBlocksPerLayout} blocks
                  </p>
                  <BlockList
                    sections={doc.sections}
                    selectedBlockId={selected}
                    alsoSelected={alsoSelected}
                    isReadOnly={readOnly}
                    onSelect={selectOne}
                    onMoveTo={(id, to) => edit(moveBlockTo(doc, id, to))}
                    onMoveBy={(id, delta) => edit(moveBlockBy(doc, id, delta))}
                    onDuplicate={(id) => {
                      const result = duplicateBlock(doc, id);
                      if (result) {
                        edit(result.doc);
                        setSelected(result.blockId);
                      }
                    }}
                    onRemove={(id) => edit(removeBlock(doc, id))}
                    onSectionChange={(id, change) => edit(updateSection(doc, id, change))}
                    onSectionMove={(id, delta) => edit(moveSectionBy(doc, id, delta))}
                    onSectionRemove={(id) => edit(removeSection(doc, id))}
                  />
                  {!readOnly && (
                    <div className="ed-row">
                      <button
                        type="button"
                        className="ed-button ed-button--primary"
                        onClick={() => setPanel('add')}
                        disabled={atLimit}
                      >
                        Add block
                      </button>
                      <button
                        type="button"
                        className="ed-button"
                        aria-expanded={presetsOpen}
                        onClick={() => setPresetsOpen((open) => !open)}
                      >
                        Add section
                      </button>
                    </div>
                  )}
                  {!readOnly && presetsOpen && (
                    <SectionPresetPicker
                      disabledReason={(preset) =>
                        countBlocks(doc) + preset.create().blocks.length > LIMITS.maxBlocksPerLayout
                          ? messages.tooManyBlocks(LIMITS.maxBlocksPerLayout)
                          : undefined
                      }
                      onPick={(preset) => {
                        const section = preset?.create();
                        edit(addSection(doc, undefined, section));
                        setPresetsOpen(false);
                        if (section?.blocks[0]) setSelected(section.blocks[0].id);
                      }}
                    />
                  )}
                </>
              ))}
            {panel === 'add' && (
              <BlockPicker
                disabledReason={atLimit ? messages.tooManyBlocks(LIMITS.maxBlocksPerLayout) : undefined}
                components={components.data?.map((c) => ({
                  id: c.id,
                  name: c.name,
                  blockCount: c.blocks.length,
                }))}
                onPickComponent={(componentId) => {
                  const result = addComponent(doc, componentId, selected);
                  edit(result.doc);
                  setSelected(result.blockId);
                  setPanel('blocks');
                }}
                onPick={(type) => {
                  const result = addBlock(doc, type, selected);
                  edit(result.doc);
                  setSelected(result.blockId);
                  setPanel('blocks');
                }}
              />
            )}
            {panel === 'changes' && (
              <ChangesPanel
                changes={changes}
                onSelect={(id) => {
                  setSelected(id);
                  setPanel('blocks');
                }}
              />
            )}
            {panel === 'history' && (
              <RevisionsPanel
                pageId={page.id}
                version={saver.version}
                readOnly={readOnly}
                onRestored={(restored) => {
                  saver.rebase(restored);
                  dispatch({ type: 'reset', doc: restored.draft });
                }}
              />
            )}
          </div>
        </aside>
        <div className="ed-canvas">
          <PreviewFrame
            parts={preview}
            device={device}
            selectedBlockId={selected}
            alsoSelected={alsoSelected}
            onSelectBlock={selectFromPreview}
            title={`Preview of ${page.title}`}
            inPlace={inPlace}
            editRequest={editRequest}
          />
        </div>
        <aside className="ed-inspector-panel" aria-label="Block settings">
          {several ? (
            <SeveralBlocks
              blocks={several.map((id) => findBlock(doc, id)!.block)}
              atLimit={atLimit}
              onDuplicate={() => {
                const result = duplicateBlocks(doc, several);
                edit(result.doc);
                setAnnouncement(
                  result.blockIds.length < several.length
                    ? `${result.blockIds.length} of ${several.length} blocks duplicated: the page holds at most ${LIMITS.maxBlocksPerLayout} blocks.`
                    : `${several.length} blocks duplicated.`,
                );
              }}
              onRemove={() => {
                const next = removeBlocks(doc, several);
                edit(next);
                setSelected(next.sections.flatMap((s) => s.blocks)[0]?.id);
                setAnnouncement(`${several.length} blocks removed. Undo brings them back.`);
              }}
              onKeepOne={() => setAlso([])}
              onSaveAsComponent={(name) => void saveAsComponent(several, name)}
              saveError={createComponent.error ? errorMessage(createComponent.error) : undefined}
              isSaving={createComponent.isPending}
            />
          ) : selectedBlock && selectedDefinition ? (
            <>
              <h2 className="ed-panel-title">{selectedDefinition.label}</h2>
              {!readOnly && canEditOnPage(selectedBlock) && (
                <p className="ed-edit-on-page">
                  <button
                    type="button"
                    className="ed-button"
                    onClick={() => setEditRequest({ blockId: selectedBlock.id })}
                  >
                    Edit on the page
                  </button>
                </p>
              )}
              {selectedBlock.type === WEBSITE_COMPONENT_TYPE && (
                <PlacedComponent
                  component={componentsById.get(String(selectedBlock.settings.componentId ?? ''))}
                  isReadOnly={readOnly}
                  onDetach={(component) => {
                    const next = detachComponent(doc, selectedBlock.id, component.blocks);
                    if (!next) {
                      setAnnouncement(messages.tooManyBlocks(LIMITS.maxBlocksPerLayout));
                      return;
                    }
                    edit(next);
                    setSelected(undefined);
                    setAnnouncement(
                      `Detached: the blocks of ${component.name} are now this page's own, and later edits of the component leave them alone.`,
                    );
                  }}
                />
              )}
              <BlockInspector
                definition={selectedDefinition}
                settings={selectedBlock.settings}
                choices={choices}
                productSearch={product.search}
                linkTargets={linkTargets}
                galleryMedia={galleryMedia}
                errors={fieldErrors}
                isReadOnly={readOnly}
                onChange={(settings) => {
                  const key = Object.keys(settings).find((k) => settings[k] !== selectedBlock.settings[k]);
                  edit(updateBlockSettings(doc, selectedBlock.id, settings), `${selectedBlock.id}.${key}`);
                }}
              />
              {location && (
                <SectionGrid
                  section={doc.sections[location.sectionIndex]!}
                  blockId={selectedBlock.id}
                  isReadOnly={readOnly}
                  onPlace={(place, gesture) =>
                    edit(
                      placeBlock(doc, selectedBlock.id, place),
                      gesture && `${selectedBlock.id}.${gesture}`,
                    )
                  }
                  onPhoneMove={(id, to) => edit(movePhoneOrderTo(doc, id, to))}
                />
              )}
              {!readOnly && (
                <div className="ed-inspector-actions">
                  <SaveAsComponent
                    key={selectedBlock.id}
                    blockCount={1}
                    isSaving={createComponent.isPending}
                    error={createComponent.error ? errorMessage(createComponent.error) : undefined}
                    onSave={(name) => void saveAsComponent([selectedBlock.id], name)}
                  />
                </div>
              )}
              {selectedBlock.type === 'newsletter' && (
                <NewsletterConnection
                  listId={String(selectedBlock.settings.listId ?? '')}
                  doubleOptIn={selectedBlock.settings.doubleOptIn !== false}
                  isReadOnly={readOnly}
                  onChange={(change) =>
                    edit(
                      updateBlockSettings(doc, selectedBlock.id, { ...selectedBlock.settings, ...change }),
                      `${selectedBlock.id}.list`,
                    )
                  }
                />
              )}
              {selectedBlock.type === 'image' && !readOnly && (
                <ChooseImage
                  onChoose={(file) =>
                    edit(
                      updateBlockSettings(doc, selectedBlock.id, {
                        ...selectedBlock.settings,
                        src: file.assetUrl,
                        alt: file.altText || selectedBlock.settings.alt,
                      }),
                      `${selectedBlock.id}.src`,
                    )
                  }
                />
              )}
            </>
          ) : (
            <EmptyState title="No block selected">
              Select a block in the list or click it in the preview to edit its settings.
            </EmptyState>
          )}
        </aside>
      </div>
      {settingsOpen && <PageSettingsDialog page={page} onClose={() => setSettingsOpen(false)} />}
      <UnsavedChangesDialog
        isOpen={blocker.status === 'blocked'}
        changeCount={Math.max(1, changeCount)}
        isSaving={saver.state.kind === 'saving'}
        onSave={async () => {
          if (await saver.flush()) blocker.proceed?.();
        }}
        onDiscard={() => blocker.proceed?.()}
        onReview={() => {
          blocker.reset?.();
          setPanel('changes');
        }}
      />
    </div>
  );
}

/** A block with text to type on the page, and that text shown (an image without a caption has none). */
function canEditOnPage(block: { type: string; settings: Record<string, unknown> }): boolean {
  const target = inPlaceTarget(block.type);
  return target !== undefined && (block.type !== 'image' || Boolean(block.settings.caption));
}

/** Several blocks selected with Shift: what can be done to all of them at once. */
function SeveralBlocks({
  blocks,
  atLimit,
  onDuplicate,
  onRemove,
  onKeepOne,
  onSaveAsComponent,
  saveError,
  isSaving,
}: {
  blocks: readonly Block[];
  atLimit: boolean;
  onDuplicate: () => void;
  onRemove: () => void;
  onKeepOne: () => void;
  onSaveAsComponent: (name: string) => void;
  saveError?: string;
  isSaving: boolean;
}) {
  return (
    <>
      <h2 className="ed-panel-title">{blocks.length} blocks selected</h2>
      <p className="ed-muted">
        Shift+click a block, or press Shift and an arrow key in the preview, to add or take out one more.
      </p>
      <ul className="ed-several-blocks">
        {blocks.map((block) => (
          <li key={block.id}>{blockName(block)}</li>
        ))}
      </ul>
      <div className="ed-row">
        <button type="button" className="ed-button" onClick={onDuplicate} disabled={atLimit}>
          Duplicate all
        </button>
        <button type="button" className="ed-button ed-button--danger" onClick={onRemove}>
          Remove all
        </button>
        <button type="button" className="ed-button ed-button--ghost" onClick={onKeepOne}>
          Keep only the first
        </button>
      </div>
      <div className="ed-inspector-actions">
        <SaveAsComponent
          blockCount={blocks.length}
          onSave={onSaveAsComponent}
          error={saveError}
          isSaving={isSaving}
        />
      </div>
    </>
  );
}

/** A placed website component: which one, where else it shows, and its source to edit once or detach. */
function PlacedComponent({
  component,
  isReadOnly,
  onDetach,
}: {
  component?: WebsiteComponent;
  isReadOnly: boolean;
  onDetach: (component: WebsiteComponent) => void;
}) {
  if (!component)
    return <p className="ed-muted">This component no longer exists. Remove this block or place another.</p>;
  const pages = component.usage.pages.map((p) => p.title);
  return (
    <div className="ed-placed-component">
      <p>
        <strong>{component.name}</strong>
        <br />
        <span className="ed-muted">
          {pages.length ? `Used on ${pages.join(', ')}` : 'Used on this page'}. Editing it changes every page
          that uses it, as soon as you save it.
        </span>
      </p>
      {!isReadOnly && (
        <div className="ed-row">
          <Link
            to="/components/$componentId"
            params={{ componentId: component.id }}
            className="ed-button ed-button--primary"
          >
            Edit component
          </Link>
          <button type="button" className="ed-button" onClick={() => onDetach(component)}>
            Detach
          </button>
        </div>
      )}
    </div>
  );
}

/** The selected block's place on its section's desktop grid, and the section's phone order. */
function SectionGrid({
  section,
  blockId,
  isReadOnly,
  onPlace,
  onPhoneMove,
}: {
  section: PageDocument['sections'][number];
  blockId: string;
  isReadOnly: boolean;
  onPlace: (place: Placement, gesture?: string) => void;
  onPhoneMove: (blockId: string, toIndex: number) => void;
}) {
  const laid = layoutSection(section);
  const [announcement, setAnnouncement] = useState('');
  const items = laid.phoneOrder.map((id) => {
    const block = laid.blocks.find((b) => b.id === id)!;
    const summary = blockSummary(block);
    const label = blockDefinition(block.type)?.label ?? block.type;
    return { id, name: summary ? `${label}: ${summary}` : label };
  });
  return (
    <>
      <GridPlacement
        key={blockId}
        blockId={blockId}
        blocks={laid.blocks}
        onChange={onPlace}
        isDisabled={isReadOnly}
      />
      <PhoneOrder
        items={items}
        isDisabled={isReadOnly}
        announcement={announcement}
        onMove={(id, to) => {
          onPhoneMove(id, to);
          setAnnouncement(gridMessages.movedTo(items.find((i) => i.id === id)!.name, to + 1, items.length));
        }}
      />
    </>
  );
}

const TAB_LABELS: Record<Panel, string> = {
  blocks: 'Blocks',
  add: 'Add',
  changes: 'Changes',
  history: 'History',
};

function ChangesPanel({
  changes,
  onSelect,
}: {
  changes: ReturnType<typeof changedBlocks>;
  onSelect: (id: string) => void;
}) {
  const rows = [
    ...changes.added.map((b) => ({ block: b, what: 'Added' })),
    ...changes.edited.map((b) => ({ block: b, what: 'Edited' })),
    ...changes.removed.map((b) => ({ block: b, what: 'Removed' })),
  ];
  if (rows.length === 0 && !changes.moved)
    return <EmptyState title="No unsaved changes">Everything you changed is saved.</EmptyState>;
  return (
    <ul className="ed-changes">
      {changes.moved && <li>Blocks or sections were reordered</li>}
      {rows.map(({ block, what }) => (
        <li key={`${what}-${block.id}`}>
          <span className="ed-badge">{what}</span>{' '}
          {what === 'Removed' ? (
            blockDefinition(block.type)?.label
          ) : (
            <button type="button" className="ed-link-button" onClick={() => onSelect(block.id)}>
              {blockDefinition(block.type)?.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
