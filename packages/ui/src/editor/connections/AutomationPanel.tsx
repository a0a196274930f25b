import { useId } from 'react';
import { editorMessages } from '../editor-messages';

export interface AutomationPanelProps {
  /** Webhooks registered for the site's events. */
  connectedCount: number;
  /** Where the owner adds and removes them. */
  manageHref: string;
  /** The webhooks are still being fetched: the count is not known yet. */
  isLoading?: boolean;
  /** Why they could not be fetched. */
  error?: string;
}

/** platform.md §2: "awaiting connection", or "N Zaps connected" once any webhook exists. */
export function automationStatus(count: number): string {
  if (count === 0) return 'Awaiting connection';
  return `${count} ${count === 1 ? 'Zap' : 'Zaps'} connected`;
}

export function AutomationPanel({ connectedCount, manageHref, isLoading, error }: AutomationPanelProps) {
  const id = useId();
  return (
    <section className="ed-connection" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ed-connection__title">
        Automations
      </h2>
      {error ? (
        <p className="ed-field__error" role="alert">
          {error}
        </p>
      ) : isLoading ? (
        <p className="ed-muted" role="status">
          {editorMessages.loading}
        </p>
      ) : (
        <p className="ed-connection__status" data-state={connectedCount === 0 ? 'awaiting' : 'connected'}>
          {automationStatus(connectedCount)}
        </p>
      )}
      <a className="ed-button" href={manageHref}>
        {connectedCount === 0 ? 'Connect an automation' : 'Manage automations'}
      </a>
    </section>
  );
}
