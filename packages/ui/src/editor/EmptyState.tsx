import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a screen shows when it has nothing yet: what this is and the first thing to do. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="ed-empty">
      <p className="ed-empty__title">{title}</p>
      {children && <div className="ed-empty__body">{children}</div>}
      {action}
    </div>
  );
}
