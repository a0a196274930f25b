import { navigationItemSchema, type NavigationItem } from '@site/page-content';
import { EditorField } from '@site/ui/editor-field';
import { useId, useState } from 'react';

export type ExternalLink = NonNullable<NavigationItem['externalLink']>;

export const EMPTY_LINK: ExternalLink = { url: '', title: '', newWindow: false };

/**
 * The link's own refusals, read from the same schema the server applies, so the owner sees them on
 * the field before anything is sent.
 */
export function linkIssues(link: ExternalLink): Partial<Record<'url' | 'title', string>> {
  const parsed = navigationItemSchema.safeParse({ externalLink: link });
  if (parsed.success) return {};
  const out: Partial<Record<'url' | 'title', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[1];
    if ((field === 'url' || field === 'title') && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** Checks a link on its fields first, then saves it, keeping the server's refusal on screen. */
export function useLinkSave(onSave: (link: ExternalLink) => Promise<unknown>, onDone: () => void) {
  const [errors, setErrors] = useState<ReturnType<typeof linkIssues>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const save = (link: ExternalLink) => {
    const issues = linkIssues(link);
    setErrors(issues);
    if (Object.keys(issues).length) return;
    setSaving(true);
    setFailure(null);
    onSave(link).then(onDone, (error: unknown) => {
      setFailure(error);
      setSaving(false);
    });
  };
  return { errors, failure, saving, save };
}

/** A menu item that goes to another site (or an email, a phone number, a path on this one). */
export function LinkFields({
  value,
  onChange,
  errors,
}: {
  value: ExternalLink;
  onChange: (next: ExternalLink) => void;
  errors: Partial<Record<'url' | 'title', string>>;
}) {
  const id = useId();
  return (
    <>
      <EditorField label="Title" error={errors.title}>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            value={value.title}
            autoFocus
            maxLength={200}
            onChange={(e) => onChange({ ...value, title: e.target.value })}
          />
        )}
      </EditorField>
      <EditorField label="Web address" error={errors.url}>
        {(control) => (
          <input
            {...control}
            className="ed-input"
            type="url"
            inputMode="url"
            value={value.url}
            placeholder="https://instagram.com/yourshop"
            onChange={(e) => onChange({ ...value, url: e.target.value })}
          />
        )}
      </EditorField>
      <div className="ed-field ed-field--toggle">
        <input
          id={`${id}-new-window`}
          type="checkbox"
          checked={value.newWindow}
          onChange={(e) => onChange({ ...value, newWindow: e.target.checked })}
        />
        <label htmlFor={`${id}-new-window`}>Open in a new window</label>
      </div>
    </>
  );
}
