import { useId, type FormEvent, type ReactNode } from 'react';
import { LoadStates } from '../ListStates';

export interface SettingsPanelProps {
  title: string;
  /** What the setting does, in the owner's words. */
  intro?: ReactNode;
  /** Shown while the stored settings load. */
  loadingText: string;
  isLoading?: boolean;
  /** The stored settings could not be read; Try again asks once more. */
  loadError?: string;
  onRetry?: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  /** The fields, once the stored settings are in. */
  children?: ReactNode;
}

/**
 * One site setting's form (payments, captcha…): its title and purpose, the loading and failed
 * states, and the fields once the stored values are in. Named by its title for assistive tech.
 */
export function SettingsPanel({
  title,
  intro,
  loadingText,
  isLoading,
  loadError,
  onRetry,
  onSubmit,
  className,
  children,
}: SettingsPanelProps) {
  const id = useId();
  return (
    <form
      className={['ed-settings-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(e);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {intro}
      <LoadStates isLoading={isLoading} loadingText={loadingText} loadError={loadError} onRetry={onRetry} />
      {!isLoading && !loadError && children}
    </form>
  );
}
