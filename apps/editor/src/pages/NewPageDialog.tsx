import { slugify, type CreatePage, type PageSummary } from '@site/page-content';
import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { EditorField } from '@site/ui/editor-field';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useCreatePage } from '../api/pages';
import { errorMessage } from '../screen-kit/save-state';
import { EMPTY_LINK, LinkFields, useLinkSave, type ExternalLink } from './LinkFields';

/** A link or a member area is a menu item, not a page: it is saved in the navigation, not created as a page. */
type NewPageKind = NonNullable<CreatePage['kind']> | 'link' | 'area';

/** What "Add page" can make; collection pages open on their own screen, ready for items. */
const PAGE_TYPES: readonly [NewPageKind, string][] = [
  ['page', 'Page'],
  ['cover', 'Cover page'],
  ['blog', 'Blog'],
  ['store', 'Store'],
  ['events', 'Events'],
  ['gallery', 'Gallery'],
  ['album', 'Album (music)'],
  ['videos', 'Videos'],
  ['folder', 'Folder'],
  ['link', 'Link'],
  ['area', 'Member area'],
];

export interface NewPageDialogProps {
  folders: PageSummary[];
  /** The folders a link can go in: those in the main navigation. */
  menuFolders: PageSummary[];
  onClose: () => void;
  onCreated: (page: PageSummary) => void;
  /** Puts a link at the end of the main navigation, or of a folder in it. */
  onAddLink: (link: ExternalLink, folderId: string | undefined) => Promise<unknown>;
  /** Member areas not in the menu yet: a menu item leads to the area's first page (its join screen to non-members). */
  areas: readonly { id: string; name: string }[];
  onAddArea: (areaId: string, folderId: string | undefined) => Promise<unknown>;
}

/** Title first; the URL follows the title until the owner types one of their own. */
export function NewPageDialog({
  folders,
  menuFolders,
  onClose,
  onCreated,
  onAddLink,
  areas,
  onAddArea,
}: NewPageDialogProps) {
  const create = useCreatePage();
  const id = useId();
  const [title, setTitle] = useState('');
  const [path, setPath] = useState<string | null>(null);
  const [kind, setKind] = useState<NewPageKind>('page');
  const [parentId, setParentId] = useState('');
  const [navigation, setNavigation] = useState<'mainNav' | 'notLinked'>('mainNav');
  const [link, setLink] = useState<ExternalLink>(EMPTY_LINK);
  const linkSave = useLinkSave((next) => onAddLink(next, parentId || undefined), onClose);
  const [areaId, setAreaId] = useState(areas[0]?.id ?? '');
  const [areaSave, setAreaSave] = useState<{ saving: boolean; failure: unknown }>({
    saving: false,
    failure: null,
  });
  const errors = issuesByPath(create.error);
  const suggested = `/${slugify(title)}`;
  const isArea = kind === 'area';
  // Links and areas go in the menu (and its folders), never among the pages.
  const isLink = kind === 'link' || isArea;
  const pending = create.isPending || linkSave.saving || areaSave.saving;
  const addArea = () => {
    setAreaSave({ saving: true, failure: null });
    onAddArea(areaId, parentId || undefined).then(onClose, (failure: unknown) =>
      setAreaSave({ saving: false, failure }),
    );
  };
  const ready = isArea ? Boolean(areaId) : (kind === 'link' ? link.title : title).trim() !== '';

  const submit = () =>
    isArea
      ? addArea()
      : kind === 'link'
        ? linkSave.save(link)
        : create.mutate(
            { title, kind, path: path ?? undefined, parentId: parentId || undefined, navigation },
            { onSuccess: (page) => onCreated(page) },
          );
  const failure = isArea
    ? areaSave.failure
    : isLink
      ? linkSave.failure
      : create.error && !Object.keys(errors).length
        ? create.error
        : null;

  return (
    <ConfirmDialog
      isOpen
      title="Add a page"
      onDismiss={onClose}
      actions={[
        { label: 'Cancel', onPress: onClose },
        {
          label: pending
            ? isLink
              ? 'Adding…'
              : 'Creating…'
            : isArea
              ? 'Add to the menu'
              : isLink
                ? 'Add link'
                : 'Create',
          onPress: submit,
          variant: 'primary',
          isDisabled: pending || !ready,
        },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) submit();
        }}
      >
        <fieldset className="ed-segmented">
          <legend className="ed-field__label">Type</legend>
          {PAGE_TYPES.filter(([value]) => value !== 'area' || areas.length > 0).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  if (value === 'link' || value === 'area') setParentId('');
                }}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {isArea ? (
          <EditorField
            label="Member area"
            hint="Members go to the area’s first page; everyone else sees how to join."
          >
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={areaId}
                onChange={(e) => setAreaId(e.target.value)}
              >
                {areas.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            )}
          </EditorField>
        ) : isLink ? (
          <LinkFields value={link} onChange={setLink} errors={linkSave.errors} />
        ) : (
          <>
            <EditorField label="Title" error={errors.title}>
              {(control) => (
                <input
                  {...control}
                  className="ed-input"
                  value={title}
                  autoFocus
                  maxLength={200}
                  onChange={(e) => setTitle(e.target.value)}
                />
              )}
            </EditorField>
            <EditorField label="URL slug" error={errors.path}>
              {(control) => (
                <input
                  {...control}
                  className="ed-input"
                  value={path ?? (title ? suggested : '')}
                  placeholder="/about"
                  onChange={(e) => setPath(e.target.value)}
                />
              )}
            </EditorField>
          </>
        )}
        {kind !== 'folder' && (isLink ? menuFolders : folders).length > 0 && (
          <EditorField label="Folder">
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={parentId}
                onChange={(e) => setParentId(e.target.value)}
              >
                <option value="">No folder</option>
                {(isLink ? menuFolders : folders).map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.title}
                  </option>
                ))}
              </select>
            )}
          </EditorField>
        )}
        {!parentId && !isLink && (
          <EditorField label="Where it is linked">
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={navigation}
                onChange={(e) => setNavigation(e.target.value as 'mainNav' | 'notLinked')}
              >
                <option value="mainNav">Main Navigation</option>
                <option value="notLinked">Not Linked (reachable by its URL only)</option>
              </select>
            )}
          </EditorField>
        )}
        {failure ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(failure)}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}
