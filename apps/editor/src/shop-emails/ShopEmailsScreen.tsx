import { mayDo } from '@site/page-content';
import type { ShopEmailKind, ShopEmailTemplate, ShopEmailTemplateView } from '@site/commerce-core/admin';
import { EditorField } from '@site/ui';
import { useEffect, useId, useState } from 'react';
import { issuesByPath } from '../api/http';
import { useMe } from '../api/session';
import {
  useRestoreShopEmail,
  useSaveShopEmail,
  useSendTestShopEmail,
  useShopEmailPreview,
  useShopEmails,
} from '../api/shop-emails';
import { errorMessage } from '../screen-kit/save-state';
import { ScreenFrame } from '../screen-kit/ScreenFrame';
import { shopEmailWords as w } from './shop-email-words';

/** /config/emails: the emails the shop sends, each with its words, colour, a live preview and a test send. */
export function ShopEmailsScreen() {
  const me = useMe();
  const emails = useShopEmails();
  const [kind, setKind] = useState<ShopEmailKind>('order-receipt');
  // Store screens follow the manage-store right: a store manager edits here, not pages.
  const readOnly = !mayDo(me.data?.roles ?? [], 'manage-store');
  const selected = emails.data?.find((e) => e.kind === kind) ?? emails.data?.[0];
  return (
    <ScreenFrame
      title={w.title}
      status={
        emails.isPending
          ? { kind: 'loading', label: w.loading }
          : emails.error
            ? { kind: 'error', message: errorMessage(emails.error), onRetry: () => void emails.refetch() }
            : { kind: 'ready' }
      }
    >
      <p className="ed-muted">{w.screenIntro}</p>
      {emails.data && selected && (
        <div className="ed-shop-emails">
          <nav aria-label={w.listLabel} className="ed-shop-emails__list">
            <ul>
              {emails.data.map((email) => (
                <li key={email.kind}>
                  <button
                    type="button"
                    className="ed-shop-emails__pick"
                    aria-current={email.kind === selected.kind ? 'true' : undefined}
                    onClick={() => setKind(email.kind)}
                  >
                    <span>{w.names[email.kind]}</span>
                    <span className="ed-muted">{email.enabled ? w.sent : w.notSent}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {/* A fresh form per email and per saved version, so a save or a restore starts a clean draft. */}
          <ShopEmailForm
            key={`${selected.kind}:${JSON.stringify(selected.saved)}`}
            email={selected}
            readOnly={readOnly}
          />
        </div>
      )}
    </ScreenFrame>
  );
}

type Draft = Required<ShopEmailTemplate>;

const draftOf = (email: ShopEmailTemplateView): Draft => ({
  subject: email.saved.subject ?? '',
  intro: email.saved.intro ?? '',
  accentColour: email.saved.accentColour ?? '',
});

/** The value a draft previews and saves: an empty field, or the default colour, follows the default. */
function templateOf(draft: Draft, email: ShopEmailTemplateView): ShopEmailTemplate {
  const colour =
    draft.accentColour.toLowerCase() === email.defaults.accentColour.toLowerCase() ? '' : draft.accentColour;
  return { subject: draft.subject.trim(), intro: draft.intro.trim(), accentColour: colour };
}

/** Waits until typing pauses, so the preview renders once per pause rather than per key. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function ShopEmailForm({ email, readOnly }: { email: ShopEmailTemplateView; readOnly: boolean }) {
  const id = useId();
  const save = useSaveShopEmail();
  const restore = useRestoreShopEmail();
  const sendTest = useSendTestShopEmail();
  const [draft, setDraft] = useState<Draft>(() => draftOf(email));
  const template = templateOf(draft, email);
  const savedTemplate = templateOf(draftOf(email), email);
  const dirty = JSON.stringify(template) !== JSON.stringify(savedTemplate);
  const settled = useSettled(template);
  const preview = useShopEmailPreview(email.kind, settled, dirty && !readOnly);
  const shown = dirty && preview.data ? preview.data : email.preview;
  const issues = issuesByPath(save.error ?? preview.error);
  const customised = Object.keys(email.saved).length > 0;
  const placeholders = email.placeholders.map((p) => `{${p}}`).join(' ');
  const busy = save.isPending || restore.isPending;
  return (
    <div className="ed-shop-emails__edit">
      <form
        className="ed-card"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          sendTest.reset();
          save.mutate({ kind: email.kind, template });
        }}
      >
        <h2 id={`${id}-title`} className="ed-card__title">
          {w.names[email.kind]}
        </h2>
        <p className="ed-field__hint">{w.purposes[email.kind]}</p>
        {!email.enabled && <p className="ed-field__hint">{w.offHint}</p>}
        <fieldset className="ed-inspector__fields" disabled={readOnly}>
          <EditorField label={w.subject} hint={w.placeholdersHint(placeholders)} error={issues.subject}>
            {(control) => (
              <input
                {...control}
                className="ed-input"
                value={draft.subject}
                placeholder={email.defaults.subject}
                onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField label={w.openingText} hint={w.emptyHint} error={issues.intro}>
            {(control) => (
              <textarea
                {...control}
                className="ed-input"
                rows={4}
                value={draft.intro}
                placeholder={email.defaults.intro}
                onChange={(e) => setDraft({ ...draft, intro: e.target.value })}
              />
            )}
          </EditorField>
          <EditorField label={w.accent} hint={w.accentHint} error={issues.accentColour}>
            {(control) => (
              <input
                {...control}
                className="ed-shop-emails__colour"
                type="color"
                value={draft.accentColour || email.defaults.accentColour}
                onChange={(e) => setDraft({ ...draft, accentColour: e.target.value })}
              />
            )}
          </EditorField>
          {save.error && !issues.subject && !issues.intro && !issues.accentColour && (
            <p role="alert" className="ed-banner ed-banner--error">
              {errorMessage(save.error)}
            </p>
          )}
          {(restore.error ?? sendTest.error) && (
            <p role="alert" className="ed-banner ed-banner--error">
              {errorMessage(restore.error ?? sendTest.error)}
            </p>
          )}
          <p role="status" className="ed-muted">
            {sendTest.data?.message ?? (save.isSuccess && !dirty ? w.saved : dirty ? w.unsaved : '')}
          </p>
          {!readOnly && (
            <div className="ed-row ed-shop-emails__actions">
              <button type="submit" className="ed-button ed-button--primary" disabled={!dirty || busy}>
                {save.isPending ? w.saving : w.save}
              </button>
              <button
                type="button"
                className="ed-button"
                disabled={dirty || sendTest.isPending}
                title={dirty ? w.saveBeforeTest : undefined}
                onClick={() => sendTest.mutate(email.kind)}
              >
                {sendTest.isPending ? w.sending : w.sendTest}
              </button>
              <button
                type="button"
                className="ed-button ed-button--ghost"
                disabled={!customised || busy}
                onClick={() => {
                  sendTest.reset();
                  restore.mutate(email.kind);
                }}
              >
                {w.restore}
              </button>
            </div>
          )}
          {!readOnly && dirty && <p className="ed-field__hint">{w.saveBeforeTest}</p>}
        </fieldset>
      </form>
      <section className="ed-card ed-shop-emails__preview" aria-label={w.previewLabel}>
        <h2 className="ed-card__title">{w.previewLabel}</h2>
        <p className="ed-shop-emails__subject">
          <span className="ed-muted">{w.subject}: </span>
          <strong data-testid="preview-subject">{shown.subject}</strong>
        </p>
        {preview.isFetching && dirty && (
          <p className="ed-muted" role="status">
            {w.updating}
          </p>
        )}
        <iframe
          className="ed-shop-emails__frame"
          title={w.frameTitle(w.names[email.kind])}
          sandbox=""
          srcDoc={shown.html}
        />
      </section>
    </div>
  );
}
