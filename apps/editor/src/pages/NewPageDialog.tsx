import { slugify, type CreatePage, type PageSummary } from '@site/page-content';
import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { EditorField } from '@site/ui/editor-field';
import { useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useCreatePage } from '../api/pages';
import { errorMessage } from '../screen-kit/save-state';

type NewPageKind = NonNullable<CreatePage['kind']>;

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
];

export interface NewPageDialogProps {
  folders: PageSummary[];
  onClose: () => void;
  onCreated: (page: PageSummary) => void;
}

/** Title first; the URL follows the title until the owner types one of their own. */
export function NewPageDialog({ folders, onClose, onCreated }: NewPageDialogProps) {
  const create = useCreatePage();
  const id = useId();
  const [title, setTitle] = useState('');
  const [path, setPath] = useState<string | null>(null);
  const [kind, setKind] = useState<NewPageKind>('page');
  const [parentId, setParentId] = useState('');
  const [navigation, setNavigation] = useState<'mainNav' | 'notLinked'>('mainNav');
  const errors = issuesByPath(create.error);
  const suggested = `/${slugify(title)}`;

  const submit = () =>
    create.mutate(
      { title, kind, path: path ?? undefined, parentId: parentId || undefined, navigation },
      { onSuccess: (page) => onCreated(page) },
    );

  return (
    <ConfirmDialog
      isOpen
      title="Add a page"
      onDismiss={onClose}
      actions={[
        { label: 'Cancel', onPress: onClose },
        {
          label: create.isPending ? 'Creating…' : 'Create',
          onPress: submit,
          variant: 'primary',
          isDisabled: create.isPending || !title.trim(),
        },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) submit();
        }}
      >
        <fieldset className="ed-segmented">
          <legend className="ed-field__label">Type</legend>
          {PAGE_TYPES.map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-kind`}
                checked={kind === value}
                onChange={() => setKind(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
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
        {kind !== 'folder' && folders.length > 0 && (
          <EditorField label="Folder">
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={parentId}
                onChange={(e) => setParentId(e.target.value)}
              >
                <option value="">No folder</option>
                {folders.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.title}
                  </option>
                ))}
              </select>
            )}
          </EditorField>
        )}
        {!parentId && (
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
        {create.error && !Object.keys(errors).length ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}
