import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  CONTENT_STATUS_LABELS,
  COVER_PAGE_TYPE,
  isNotFoundPage,
  NAVIGATION_FIELD_TITLES,
  type PageSummary,
  type SiteLayoutLink,
} from '@site/page-content';
// Narrow entries: the owner lands here after signing in, so this screen loads with the first visit.
import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { EmptyState } from '@site/ui/editor-empty-state';
import { EditorIcon } from '@site/ui/editor-icon';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useEditorSite } from '../api/editor-site';
import { useDeletePage, useDuplicatePage, usePages } from '../api/pages';
import { useMe } from '../api/session';
import { useSiteLayout, useUpdateNavigation } from '../api/site-layout';
import { useMemberAreas } from '../api/member-areas';
import { errorMessage } from '../screen-kit/save-state';
import { COLLECTION_NOUNS, hasItemScreen } from '../collections/collection-types';
import { PageSettingsDialog } from '../page-editor/PageSettingsDialog';
import { CoverPageDialog } from './CoverPageDialog';
import { SitePasswordDialog } from './SitePasswordDialog';
import { NewPageDialog } from './NewPageDialog';
import {
  entry,
  linkedAreaIds,
  linkKey,
  reorder,
  replaceLink,
  toNavigationItems,
  withAreaLink,
  withLink,
  without,
  withoutLink,
} from './navigation-tree';
import { LinkDialog } from './LinkDialog';
import type { ExternalLink } from './LinkFields';

/** The site's pages as its navigation shows them, with what an owner does to pages. */
/** A cover page is a page of its own type, edited in its own dialog rather than the block editor. */
const isCoverPage = (page: PageSummary) => page.pageType === COVER_PAGE_TYPE;

export function PagesScreen() {
  const pages = usePages();
  const layout = useSiteLayout();
  const memberAreas = useMemberAreas();
  const site = useEditorSite();
  const me = useMe();
  const canEdit = me.data?.canEdit ?? false;
  const navigate = useNavigate();
  const updateNavigation = useUpdateNavigation();
  const duplicate = useDuplicatePage();
  const remove = useDeletePage();
  const [adding, setAdding] = useState(false);
  const [settingsFor, setSettingsFor] = useState<PageSummary | null>(null);
  const [coverFor, setCoverFor] = useState<PageSummary | null>(null);
  const [sitePassword, setSitePassword] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [editingLink, setEditingLink] = useState<SiteLayoutLink | null>(null);

  const byId = useMemo(() => new Map((pages.data ?? []).map((p) => [p.id, p])), [pages.data]);
  if (pages.isPending || layout.isPending)
    return (
      <p className="ed-loading" role="status">
        Loading pages…
      </p>
    );
  if (pages.error || layout.error)
    return (
      <EmptyState title={errorMessage(pages.error ?? layout.error)}>
        Check your connection and reload.
      </EmptyState>
    );

  const main = entry(layout.data, 'mainNav');
  const notLinked = entry(layout.data, 'notLinked');
  const system = pages.data.filter((p) => p.kind === 'system' || p.kind === 'collection');
  const templateId = site.data?.website.id ?? 'site';

  const mainNavigation = (links: SiteLayoutLink[]) => ({
    fieldName: 'mainNav',
    templateId,
    navigation: { items: toNavigationItems(links) },
  });
  const saveMain = (links: SiteLayoutLink[]) => updateNavigation.mutate(mainNavigation(links));
  const menuLinks = main?.links ?? [];
  const addLink = (link: ExternalLink, folderId: string | undefined) =>
    updateNavigation.mutateAsync(mainNavigation(withLink(menuLinks, link, folderId)));
  const inMenu = new Set([
    ...linkedAreaIds(menuLinks),
    ...linkedAreaIds(entry(layout.data, 'secondaryNav')?.links ?? []),
  ]);
  const unlinkedAreas = (memberAreas.data ?? []).filter((a) => !inMenu.has(a.id));
  const addArea = (areaId: string, folderId: string | undefined) => {
    const area = unlinkedAreas.find((a) => a.id === areaId)!;
    return updateNavigation.mutateAsync(mainNavigation(withAreaLink(menuLinks, area, folderId)));
  };
  const linkActions = (link: SiteLayoutLink) => ({
    // An area's menu item has nothing to edit: its title is the area's name, its target its first page.
    edit: link.externalLink ? () => setEditingLink(link) : undefined,
    remove: () => saveMain(withoutLink(menuLinks, linkKey(link))),
  });
  const moveTo = (page: PageSummary, target: 'mainNav' | 'notLinked') => {
    const links = without(main?.links ?? [], page.id);
    saveMain(
      target === 'mainNav'
        ? [...links, { collectionId: page.id, title: page.title, fullUrl: page.path, enabled: page.enabled }]
        : links,
    );
  };

  const actions = (page: PageSummary, inMain: boolean) => ({
    open: () =>
      isCoverPage(page)
        ? setCoverFor(page)
        : hasItemScreen(page)
          ? navigate({ to: '/collections/$pageId', params: { pageId: page.id } })
          : navigate({ to: '/pages/$pageId', params: { pageId: page.id } }),
    settings: () => setSettingsFor(page),
    duplicate: () => duplicate.mutate(page.id),
    move: () => moveTo(page, inMain ? 'notLinked' : 'mainNav'),
    remove: () => setDeleting(page),
  });
  const rowProps = (link: SiteLayoutLink, inMain: boolean) => {
    const page = link.collectionId ? byId.get(link.collectionId) : undefined;
    return {
      link,
      page,
      canEdit,
      inMain,
      actions: page ? actions(page, inMain) : undefined,
      linkActions: link.externalLink || link.memberAreaId ? linkActions(link) : undefined,
    };
  };
  const mutationError = updateNavigation.error ?? duplicate.error ?? remove.error;

  return (
    <div className="ed-screen">
      <header className="ed-screen__head">
        <h1>Pages</h1>
        {canEdit && (
          <div className="ed-screen__actions">
            <button type="button" className="ed-button" onClick={() => setSitePassword(true)}>
              Site password
            </button>
            <button type="button" className="ed-button ed-button--primary" onClick={() => setAdding(true)}>
              Add page
            </button>
          </div>
        )}
      </header>
      {mutationError && (
        <p className="ed-banner ed-banner--error" role="alert">
          {errorMessage(mutationError)}
        </p>
      )}
      <section className="ed-card" aria-labelledby="nav-main">
        <h2 id="nav-main" className="ed-card__title">
          {NAVIGATION_FIELD_TITLES.mainNav}
        </h2>
        <p className="ed-muted">
          Drag pages (or focus a handle and use Space and the arrow keys) to change the order of the site’s
          menu.
        </p>
        {main && main.links.length > 0 ? (
          <SortableLinks
            links={main.links}
            disabled={!canEdit}
            onMove={(key, to) => saveMain(reorder(main.links, key, to))}
          >
            {(link) => (
              <PageRow {...rowProps(link, true)}>
                {link.items && link.items.length > 0 && (
                  <SortableLinks
                    links={link.items}
                    disabled={!canEdit}
                    onMove={(key, to) => saveMain(reorder(main.links, key, to))}
                    nested
                  >
                    {(child) => <PageRow {...rowProps(child, true)} />}
                  </SortableLinks>
                )}
              </PageRow>
            )}
          </SortableLinks>
        ) : (
          <EmptyState title="The menu is empty">Add a page, or move one here from Not Linked.</EmptyState>
        )}
      </section>
      <section className="ed-card" aria-labelledby="nav-not-linked">
        <h2 id="nav-not-linked" className="ed-card__title">
          {NAVIGATION_FIELD_TITLES.notLinked}
        </h2>
        <p className="ed-muted">Pages visitors reach by their URL or a link, not from the menu.</p>
        {notLinked && notLinked.links.length > 0 ? (
          <ul className="ed-page-list">
            {notLinked.links.map((link) => (
              <PageRow key={linkKey(link)} {...rowProps(link, false)} />
            ))}
          </ul>
        ) : (
          <p className="ed-muted">Every page is in the menu.</p>
        )}
      </section>
      <section className="ed-card" aria-labelledby="nav-system">
        <h2 id="nav-system" className="ed-card__title">
          Store and system pages
        </h2>
        <ul className="ed-page-list">
          {system.map((page) => (
            <li key={page.id} className="ed-page-row">
              {isNotFoundPage(page) ? (
                // Built with blocks like any page; shown wherever an address has no page.
                <Link to="/pages/$pageId" params={{ pageId: page.id }} className="ed-page-row__title">
                  {page.title}
                </Link>
              ) : (
                <span className="ed-page-row__title">{page.title}</span>
              )}
              <span className="ed-page-row__path">
                {isNotFoundPage(page) ? 'Unknown addresses' : page.path}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {adding && (
        <NewPageDialog
          folders={pages.data.filter((p) => p.kind === 'folder')}
          menuFolders={menuLinks.flatMap((l) => {
            const folder = l.collectionId ? byId.get(l.collectionId) : undefined;
            return folder?.kind === 'folder' ? [folder] : [];
          })}
          onAddLink={addLink}
          areas={unlinkedAreas}
          onAddArea={addArea}
          onClose={() => setAdding(false)}
          onCreated={(page) => {
            setAdding(false);
            if (isCoverPage(page)) setCoverFor(page);
            else if (page.kind === 'page')
              void navigate({ to: '/pages/$pageId', params: { pageId: page.id } });
            else if (hasItemScreen(page))
              void navigate({ to: '/collections/$pageId', params: { pageId: page.id } });
            else if (page.collectionType === 'products') void navigate({ to: '/store' });
          }}
        />
      )}
      {editingLink?.externalLink && (
        <LinkDialog
          link={editingLink.externalLink}
          onClose={() => setEditingLink(null)}
          onSave={(next) =>
            updateNavigation.mutateAsync(mainNavigation(replaceLink(menuLinks, linkKey(editingLink), next)))
          }
        />
      )}
      {settingsFor && <PageSettingsDialog page={settingsFor} onClose={() => setSettingsFor(null)} />}
      {coverFor && <CoverPageDialog page={coverFor} onClose={() => setCoverFor(null)} />}
      {sitePassword && <SitePasswordDialog onClose={() => setSitePassword(false)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        onDismiss={() => setDeleting(null)}
        actions={[
          { label: 'Cancel', onPress: () => setDeleting(null) },
          {
            label: remove.isPending ? 'Deleting…' : 'Delete',
            variant: 'danger',
            isDisabled: remove.isPending,
            onPress: () =>
              remove.mutate(
                { id: deleting!.id, version: deleting!.version },
                { onSettled: () => setDeleting(null) },
              ),
          },
        ]}
      >
        <p>
          The page, its content and its history are deleted and its URL stops working. This cannot be undone.
          {deleting?.kind === 'folder' ? ' Pages in the folder move to Not Linked.' : ''}
        </p>
      </ConfirmDialog>
    </div>
  );
}

function SortableLinks({
  links,
  disabled,
  onMove,
  nested,
  children,
}: {
  links: SiteLayoutLink[];
  disabled: boolean;
  onMove: (key: string, toIndex: number) => void;
  nested?: boolean;
  children: (link: SiteLayoutLink) => React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = links.map(linkKey);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className={`ed-page-list${nested ? ' ed-page-list--nested' : ''}`}>
          {links.map((link) => (
            <SortableItem key={linkKey(link)} id={linkKey(link)} title={link.title} disabled={disabled}>
              {children(link)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  title,
  disabled,
  children,
}: {
  id: string;
  title: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      className={`ed-sortable${isDragging ? ' ed-sortable--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {!disabled && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="ed-drag-handle"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${title}`}
        >
          <EditorIcon name="drag" />
        </button>
      )}
      <div className="ed-sortable__body">{children}</div>
    </li>
  );
}

function PageRow({
  link,
  page,
  canEdit,
  inMain,
  actions,
  linkActions,
  children,
}: {
  link: SiteLayoutLink;
  page?: PageSummary;
  canEdit: boolean;
  inMain: boolean;
  actions?: Record<'open' | 'settings' | 'duplicate' | 'move' | 'remove', () => void>;
  linkActions?: { edit?: () => void; remove: () => void };
  children?: React.ReactNode;
}) {
  const Row = inMain ? 'div' : 'li';
  return (
    <Row className="ed-page-row-wrap">
      <div className="ed-page-row">
        {page && isCoverPage(page) && actions ? (
          <button type="button" className="ed-page-row__title ed-page-row__open" onClick={actions.open}>
            {link.title}
            <span className="ed-muted"> · Cover page</span>
          </button>
        ) : page && page.kind === 'page' ? (
          <Link to="/pages/$pageId" params={{ pageId: page.id }} className="ed-page-row__title">
            {link.title}
          </Link>
        ) : page && hasItemScreen(page) ? (
          <Link to="/collections/$pageId" params={{ pageId: page.id }} className="ed-page-row__title">
            {link.title}
            <span className="ed-muted"> · {COLLECTION_NOUNS[page.collectionType]}</span>
          </Link>
        ) : page?.collectionType === 'products' ? (
          <Link to="/store" className="ed-page-row__title">
            {link.title}
            <span className="ed-muted"> · Store</span>
          </Link>
        ) : (
          <span className="ed-page-row__title">
            {link.title}
            {page?.kind === 'folder' && <span className="ed-muted"> · Folder</span>}
            {link.externalLink && <span className="ed-muted"> · Link</span>}
            {link.memberAreaId && <span className="ed-muted"> · Member area</span>}
          </span>
        )}
        <span className="ed-page-row__path">{link.fullUrl}</span>
        {page && page.status !== 'published' && (
          <span className={`ed-badge ed-badge--${page.status}`}>{CONTENT_STATUS_LABELS[page.status]}</span>
        )}
        {page && !page.enabled && <span className="ed-badge">Disabled</span>}
        {linkActions && canEdit && (
          <MenuTrigger>
            <Button className="ed-icon-button" aria-label={`Actions for ${link.title}`}>
              <EditorIcon name="more" />
            </Button>
            <Popover className="ed-menu-popover" placement="bottom end">
              <Menu
                className="ed-menu"
                onAction={(key) => (key === 'edit' ? linkActions.edit?.() : linkActions.remove())}
              >
                {linkActions.edit && (
                  <MenuItem id="edit" className="ed-menu__item">
                    Edit link
                  </MenuItem>
                )}
                <MenuItem id="remove" className="ed-menu__item ed-menu__item--danger">
                  Remove from the menu
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        )}
        {page && actions && canEdit && (
          <MenuTrigger>
            <Button className="ed-icon-button" aria-label={`Actions for ${link.title}`}>
              <EditorIcon name="more" />
            </Button>
            <Popover className="ed-menu-popover" placement="bottom end">
              <Menu
                className="ed-menu"
                onAction={(key) => actions[key as keyof typeof actions]()}
                disabledKeys={
                  page.kind === 'system' || page.path === '/'
                    ? ['remove']
                    : page.kind === 'page' || hasItemScreen(page)
                      ? []
                      : ['open']
                }
              >
                <MenuItem id="open" className="ed-menu__item">
                  Edit content
                </MenuItem>
                <MenuItem id="settings" className="ed-menu__item">
                  Settings
                </MenuItem>
                <MenuItem id="duplicate" className="ed-menu__item">
                  Duplicate
                </MenuItem>
                <MenuItem id="move" className="ed-menu__item">
                  {inMain ? 'Move to Not Linked' : 'Add to Main Navigation'}
                </MenuItem>
                <MenuItem id="remove" className="ed-menu__item ed-menu__item--danger">
                  Delete
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        )}
      </div>
      {children}
    </Row>
  );
}
