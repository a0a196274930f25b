import {
  LINK_TYPES,
  LINK_TYPE_LABELS,
  validateLink,
  type LinkDraft,
  type LinkErrors,
  type LinkType,
} from '@site/page-content';
import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import { EditorField } from '../field/EditorField';
import { richTextMessages as m } from './rich-text-messages';

export interface LinkPage {
  id: string;
  title: string;
  path: string;
}

export interface LinkFile {
  id: string;
  name: string;
  url: string;
}

export interface LinkTargets {
  pages: readonly LinkPage[];
  files: readonly LinkFile[];
}

export interface LinkEditorDialogProps extends LinkTargets {
  isOpen: boolean;
  initial: LinkDraft;
  /** Offer Remove Link: the selection is already a link. */
  isEditing?: boolean;
  onSave: (draft: LinkDraft) => void;
  onRemove?: () => void;
  onCancel: () => void;
}

/** The link editor (platform.md §2): a type, its fields, Open in New Window and Link Name. */
export function LinkEditorDialog({
  isOpen,
  initial,
  isEditing,
  onSave,
  onRemove,
  onCancel,
  pages,
  files,
}: LinkEditorDialogProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<LinkErrors>({});
  // A dialog opened again starts from the link it is opened on, not from the last edit.
  useEffect(() => {
    if (isOpen) {
      setDraft(initial);
      setErrors({});
    }
  }, [isOpen, initial]);

  const set = (patch: Partial<LinkDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = () => {
    const found = validateLink(
      draft,
      pages.map((p) => p.id),
    );
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };

  return (
    <ModalOverlay
      className="ed-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Modal className="ed-modal">
        <Dialog className="ed-dialog ed-link-dialog">
          <Heading slot="title" className="ed-dialog__title">
            {m.linkDialogTitle}
          </Heading>
          <form
            className="ed-dialog__body ed-link-dialog__form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <RadioGroup
              className="ed-link-dialog__types"
              orientation="horizontal"
              value={draft.type}
              onChange={(type) => {
                set({ type: type as LinkType });
                setErrors({});
              }}
            >
              <Label className="ed-field__label">{m.linkType}</Label>
              {LINK_TYPES.map((type) => (
                <Radio key={type} value={type} className="ed-link-dialog__type">
                  {LINK_TYPE_LABELS[type]}
                </Radio>
              ))}
            </RadioGroup>
            <TypeFields draft={draft} errors={errors} set={set} pages={pages} files={files} />
            <div className="ed-field ed-field--toggle">
              <input
                id="ed-link-new-window"
                type="checkbox"
                checked={draft.newWindow}
                onChange={(e) => set({ newWindow: e.target.checked })}
              />
              <label htmlFor="ed-link-new-window">{m.openInNewWindow}</label>
            </div>
            <EditorField announceError label={m.linkName} hint={m.linkNameHint}>
              {(props) => (
                <input
                  {...props}
                  className="ed-input"
                  value={draft.name}
                  maxLength={500}
                  onChange={(e) => set({ name: e.target.value })}
                />
              )}
            </EditorField>
            <div className="ed-dialog__actions">
              {isEditing && onRemove && (
                <Button className="ed-button ed-button--danger" onPress={onRemove}>
                  {m.removeLink}
                </Button>
              )}
              <Button className="ed-button ed-button--secondary" onPress={onCancel}>
                {m.cancel}
              </Button>
              <Button type="submit" className="ed-button ed-button--primary">
                {m.save}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface TypeFieldsProps extends LinkTargets {
  draft: LinkDraft;
  errors: LinkErrors;
  set: (patch: Partial<LinkDraft>) => void;
}

function TypeFields({ draft, errors, set, pages, files }: TypeFieldsProps) {
  const text = (
    key: 'url' | 'to' | 'cc' | 'bcc' | 'subject' | 'phone',
    label: string,
    extra: { type?: string; hint?: string } = {},
  ) => (
    <EditorField announceError label={label} error={errors[key]} hint={extra.hint}>
      {(props) => (
        <input
          {...props}
          className="ed-input"
          type={extra.type ?? 'text'}
          value={draft[key]}
          maxLength={2000}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </EditorField>
  );
  switch (draft.type) {
    case 'page':
      return (
        <EditorField
          announceError
          label={m.page}
          error={errors.pageId}
          hint={pages.length === 0 ? m.noPages : undefined}
        >
          {(props) => (
            <select
              {...props}
              className="ed-input"
              value={draft.pageId}
              onChange={(e) => set({ pageId: e.target.value })}
            >
              <option value="">{m.chooseOne}</option>
              {pages.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title} ({p.path})
                </option>
              ))}
            </select>
          )}
        </EditorField>
      );
    case 'url':
      return text('url', m.webAddress, { type: 'url' });
    case 'email':
      return (
        <>
          {text('to', m.to, { type: 'email' })}
          {text('cc', m.cc, { hint: m.severalEmails })}
          {text('bcc', m.bcc, { hint: m.severalEmails })}
          {text('subject', m.subject)}
          <EditorField announceError label={m.body}>
            {(props) => (
              <textarea
                {...props}
                className="ed-input ed-textarea"
                rows={3}
                value={draft.body}
                maxLength={2000}
                onChange={(e) => set({ body: e.target.value })}
              />
            )}
          </EditorField>
        </>
      );
    case 'phone':
      return text('phone', m.phone, { type: 'tel' });
    case 'file':
      return (
        <EditorField
          announceError
          label={m.file}
          error={errors.fileUrl}
          hint={files.length === 0 ? m.noFiles : undefined}
        >
          {(props) => (
            <select
              {...props}
              className="ed-input"
              value={draft.fileUrl}
              onChange={(e) => set({ fileUrl: e.target.value })}
            >
              <option value="">{m.chooseOne}</option>
              {files.map((f) => (
                <option key={f.id} value={f.url}>
                  {f.name}
                </option>
              ))}
            </select>
          )}
        </EditorField>
      );
  }
}
