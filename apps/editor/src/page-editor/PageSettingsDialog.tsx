import {
  CONTENT_STATUSES,
  CONTENT_STATUS_LABELS,
  type ContentStatus,
  type PageDetail,
  type PageSummary,
} from '@site/page-content';
// Narrow entries: the Pages screen opens this dialog too (see PagesScreen).
import { LockPasswordField, lockChange } from '@site/ui/editor-access-lock';
import { ConfirmDialog } from '@site/ui/editor-confirm-dialog';
import { EditorField } from '@site/ui/editor-field';
import { SeoPanel } from '@site/ui/editor-seo';
import { useEffect, useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useAccessLocks, useSetAccessLock } from '../api/access-locks';
import { usePage, useUpdatePage } from '../api/pages';
import { useEditorSite } from '../api/editor-site';
import { errorMessage } from '../screen-kit/save-state';

export interface PageSettingsDialogProps {
  page: PageSummary;
  onClose: () => void;
}

/**
 * Title, URL, status, visibility and what search engines and social sites show of a page. The
 * server validates; its messages show by the field.
 */
export function PageSettingsDialog({ page, onClose }: PageSettingsDialogProps) {
  const update = useUpdatePage();
  const [title, setTitle] = useState(page.title);
  const [path, setPath] = useState(page.path);
  const [status, setStatus] = useState<ContentStatus>(page.status);
  const [publishAt, setPublishAt] = useState(page.publishAt ? toLocalInput(page.publishAt) : '');
  const [enabled, setEnabled] = useState(page.enabled);
  const id = useId();
  const fieldErrors = issuesByPath(update.error);
  const isSystem = page.kind === 'system' || page.path === '/';
  const locks = useAccessLocks();
  const setLock = useSetAccessLock();
  const locked = locks.data?.pageIds.includes(page.id) ?? false;
  const [lockOn, setLockOn] = useState<boolean | undefined>(undefined);
  const [lockPassword, setLockPassword] = useState('');
  const lockErrors = issuesByPath(setLock.error);
  const detail = usePage(page.id);
  const site = useEditorSite();
  const seo = useSeoDraft(detail.data);
  const seoErrors = issuesByPath(update.error, ['seo']);

  const save = () => {
    const change = lockChange(locked, lockOn ?? locked, lockPassword);
    const saveSettings = () =>
      update.mutate(
        {
          id: page.id,
          version: page.version,
          title: title !== page.title ? title : undefined,
          path: !isSystem && path !== page.path ? path : undefined,
          status: status !== page.status ? status : undefined,
          publishAt:
            status === 'scheduled' ? (publishAt ? new Date(publishAt).toISOString() : null) : undefined,
          enabled: enabled !== page.enabled ? enabled : undefined,
          ...(detail.data && seo.changed(detail.data)
            ? { description: seo.description, seo: seo.value }
            : {}),
        },
        { onSuccess: onClose },
      );
    // The password first: a refused one keeps the dialog open with its message.
    if (change === undefined) saveSettings();
    else setLock.mutate({ pageId: page.id, password: change }, { onSuccess: saveSettings });
  };

  return (
    <ConfirmDialog
      isOpen
      title="Page settings"
      onDismiss={onClose}
      actions={[
        { label: 'Cancel', onPress: onClose },
        {
          label: update.isPending ? 'Saving…' : 'Save',
          onPress: save,
          variant: 'primary',
          isDisabled: update.isPending || setLock.isPending,
        },
      ]}
    >
      <form
        className="ed-form"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <EditorField label="Page title" error={fieldErrors.title}>
          {(control) => (
            <input
              {...control}
              className="ed-input"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </EditorField>
        <EditorField
          label="URL slug"
          hint={
            isSystem
              ? 'The address of this page is fixed.'
              : 'Changing it keeps the old address working: visitors are redirected.'
          }
          error={fieldErrors.path}
          disabled={isSystem}
        >
          {(control) => (
            <input {...control} className="ed-input" value={path} onChange={(e) => setPath(e.target.value)} />
          )}
        </EditorField>
        {!isSystem && (
          <EditorField label="Status" hint={STATUS_HINTS[status]}>
            {(control) => (
              <select
                {...control}
                className="ed-input"
                value={status}
                onChange={(e) => setStatus(e.target.value as ContentStatus)}
              >
                {CONTENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {CONTENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </EditorField>
        )}
        {status === 'scheduled' && (
          <EditorField label="Goes live at" error={fieldErrors.publishAt}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                type="datetime-local"
                value={publishAt}
                onChange={(e) => setPublishAt(e.target.value)}
              />
            )}
          </EditorField>
        )}
        {!isSystem && (
          <div className="ed-field ed-field--toggle">
            <input
              id={`${id}-enabled`}
              type="checkbox"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            <label htmlFor={`${id}-enabled`}>Enabled (visitors can open it)</label>
          </div>
        )}
        {!isSystem && !locks.isError && (
          <LockPasswordField
            what="page"
            locked={locked}
            on={lockOn ?? locked}
            onToggle={setLockOn}
            password={lockPassword}
            onPassword={setLockPassword}
            disabled={locks.isPending}
            error={lockErrors.password}
          />
        )}
        <SeoPanel
          noun="page"
          value={{ ...seo.value, description: seo.description }}
          onChange={({ description, ...patch }) => {
            if (description !== undefined) seo.setDescription(description);
            if (Object.keys(patch).length) seo.set(patch);
          }}
          fallback={{
            title: `${title} — ${site.data?.website.siteTitle ?? ''}`,
            description: '',
          }}
          url={`${location.host}${path}`}
          errors={{
            title: seoErrors.title,
            description: fieldErrors.description,
            socialImage: seoErrors.socialImage,
          }}
          loading={detail.isPending}
          loadError={detail.error ? errorMessage(detail.error) : undefined}
        />
        {setLock.error && !lockErrors.password ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(setLock.error)}
          </p>
        ) : null}
        {update.error && !Object.keys(fieldErrors).length ? (
          <p className="ed-field__error" role="alert">
            {errorMessage(update.error)}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}

/** The page's description and SEO settings as the owner edits them, filled once the page has loaded. */
function useSeoDraft(page: PageDetail | undefined) {
  const [value, setValue] = useState<PageDetail['seo']>({ title: '', socialImage: '', noindex: false });
  const [description, setDescription] = useState('');
  useEffect(() => {
    if (!page) return;
    setValue(page.seo);
    setDescription(page.description);
  }, [page]);
  return {
    value,
    description,
    set: (patch: Partial<PageDetail['seo']>) => setValue((v) => ({ ...v, ...patch })),
    setDescription,
    changed: (saved: PageDetail) =>
      description !== saved.description || JSON.stringify(value) !== JSON.stringify(saved.seo),
  };
}

const STATUS_HINTS: Record<ContentStatus, string> = {
  published: 'Everyone can see the published version.',
  draft: 'Only people who edit the site can see it.',
  'needs-review': 'Hidden from visitors until someone reviews and publishes it.',
  private: 'Only signed-in site members can see it.',
  scheduled: 'Visitors see it from the date and time you choose.',
};

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
