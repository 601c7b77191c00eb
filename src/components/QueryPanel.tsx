import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState, type StateLook } from './PanelState';

/** What the panel reads of a TanStack query. */
export interface PanelQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: Error | null;
}

interface StateText {
  title?: string;
  text?: ReactNode;
}

export interface QueryPanelProps<T> {
  query: PanelQuery<T>;
  /** Said while the first answer is awaited. */
  loading: string;
  /** Shown when the read failed; as a function it gets the error, to show the server's message. */
  error: StateText | ((error: Error) => StateText);
  /** An answer with nothing to show: `when` it holds, this block instead of the children. */
  empty?: StateText & { when: (data: T) => boolean };
  look?: StateLook;
  /** Under the error text, such as a 'Try again' button. */
  errorAction?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's loading, failed and empty states around what it shows once answered (roles 'status'
 * and 'alert' as in PanelState). A failed read wins over an older answer, as a refetch that fails
 * says so; a query seeded with the server's answer shows it at once
 * (docs/decisions/370-query-panel-and-chart-frame.md).
 */
export function QueryPanel<T>({
  query,
  loading,
  error,
  empty,
  look = 'panel',
  errorAction,
  children,
}: QueryPanelProps<T>) {
  if (query.isError) {
    const e =
      typeof error === 'function' ? error(query.error ?? new Error('Request failed')) : error;
    return (
      <ErrorState look={look} title={e.title} text={e.text}>
        {errorAction}
      </ErrorState>
    );
  }
  if (query.data === undefined) return <LoadingState look={look} label={loading} />;
  if (empty?.when(query.data)) {
    return (
      <EmptyState look={look} title={empty.title}>
        {empty.text}
      </EmptyState>
    );
  }
  return <>{children(query.data)}</>;
}
