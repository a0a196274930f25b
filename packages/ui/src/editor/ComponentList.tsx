import { isInUse, type WebsiteComponent } from '@site/page-content';
import { useId, useState } from 'react';
import { EmptyState } from './EmptyState';
import { editorMessages } from './editor-messages';
import { LoadStates } from './ListStates';

export interface ComponentListProps {
  /** Undefined while they load. */
  components?: readonly WebsiteComponent[];
  loadError?: string;
  onRetry?: () => void;
  /** A viewer sees the list and where each is used, and changes nothing. */
  isReadOnly?: boolean;
  onEdit: (id: string) => void;
  onRename: (component: WebsiteComponent, name: string) => void;
  onDelete: (component: WebsiteComponent) => void;
  /** The last refusal (a component still in use, a stale version), shown above the list. */
  error?: string;
}

/**
 * The site's website components: where each is used, and rename, edit and delete. Delete is
 * offered only for a component no page uses: the list says where it is used instead.
 */
export function ComponentList({
  components,
  loadError,
  onRetry,
  isReadOnly,
  onEdit,
  onRename,
  onDelete,
  error,
}: ComponentListProps) {
  return (
    <div className="ed-component-list">
      <LoadStates
        isLoading={!components && !loadError}
        loadingText={editorMessages.loadingComponents}
        loadError={loadError}
        onRetry={onRetry}
      />
      {error && (
        <p className="ed-banner ed-banner--error" role="alert">
          {error}
        </p>
      )}
      {components?.length === 0 && (
        <EmptyState title="No components yet">{editorMessages.noComponentsYet}</EmptyState>
      )}
      {components && components.length > 0 && (
        <>
          <p className="ed-muted">{editorMessages.componentLiveNote}</p>
          <ul className="ed-cards">
            {components.map((c) => (
              <ComponentRow
                key={c.id}
                component={c}
                isReadOnly={isReadOnly}
                onEdit={onEdit}
                onRename={onRename}
                onDelete={onDelete}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ComponentRow({
  component,
  isReadOnly,
  onEdit,
  onRename,
  onDelete,
}: Pick<ComponentListProps, 'isReadOnly' | 'onEdit' | 'onRename' | 'onDelete'> & {
  component: WebsiteComponent;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(component.name);
  const id = useId();
  const used = isInUse(component.usage);
  const where = [
    ...component.usage.pages.map((p) => p.title),
    ...component.usage.components.map((c) => c.name),
  ];
  return (
    <li className="ed-card ed-component-row">
      {renaming ? (
        <form
          className="ed-row"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) onRename(component, name.trim());
            setRenaming(false);
          }}
        >
          <label className="visually-hidden" htmlFor={id}>
            {editorMessages.componentName}
          </label>
          <input
            id={id}
            className="ed-input"
            value={name}
            maxLength={80}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="ed-button ed-button--primary">
            Save name
          </button>
          <button type="button" className="ed-button ed-button--ghost" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <h2 className="ed-component-row__name">{component.name}</h2>
      )}
      <p className="ed-muted">
        {editorMessages.componentBlocks(component.blocks.length)} · {editorMessages.componentUsedOn(where)}
      </p>
      {!isReadOnly && (
        <div className="ed-row">
          <button type="button" className="ed-button ed-button--primary" onClick={() => onEdit(component.id)}>
            Edit
          </button>
          <button
            type="button"
            className="ed-button"
            onClick={() => {
              setName(component.name);
              setRenaming(true);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="ed-button ed-button--danger"
            onClick={() => onDelete(component)}
            disabled={used}
            aria-describedby={used ? `${id}-in-use` : undefined}
          >
            Delete
          </button>
          {used && (
            <span className="ed-muted" id={`${id}-in-use`}>
              Detach or remove it on those pages to delete it.
            </span>
          )}
        </div>
      )}
    </li>
  );
}
