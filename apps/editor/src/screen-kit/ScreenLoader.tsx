import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from './save-state';
import { ScreenFrame } from './ScreenFrame';

export interface ScreenLoaderProps<D> {
  title: string;
  query: UseQueryResult<D>;
  /** Other reads the screen needs before it can show (they load and fail with it). */
  also?: readonly UseQueryResult<unknown>[];
  /** The server's version of the value: each one gets a fresh form. */
  version: (data: D) => string | number;
  loadingLabel?: string;
  /** The form, given the data and a reload (for a conflict: the server's newer version). */
  children: (data: D, reload: () => void) => ReactNode;
}

/**
 * Loads a screen's value: the frame's loading and error states until it is there, then the form,
 * mounted once per server version so a saved or reloaded value starts a clean draft.
 */
export function ScreenLoader<D>({
  title,
  query,
  also = [],
  version,
  loadingLabel,
  children,
}: ScreenLoaderProps<D>) {
  const all = [query, ...also];
  const failed = all.find((q) => q.error);
  if (failed)
    return (
      <ScreenFrame
        title={title}
        status={{
          kind: 'error',
          message: errorMessage(failed.error),
          onRetry: () => all.filter((q) => q.error).forEach((q) => void q.refetch()),
        }}
      />
    );
  if (all.some((q) => q.isPending) || query.data === undefined)
    return <ScreenFrame title={title} status={{ kind: 'loading', label: loadingLabel }} />;
  return <Fragment key={version(query.data)}>{children(query.data, () => void query.refetch())}</Fragment>;
}
