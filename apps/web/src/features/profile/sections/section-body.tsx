import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionLoadError, SectionSkeleton } from '../../freelancer-profile/editor-section.tsx';

/** A section's content: the skeleton while it loads, the load error with a retry, else the form. */
export function SectionBody<T>({
  query,
  loadFailed,
  rows,
  children,
}: {
  query: UseQueryResult<T>;
  loadFailed: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton rows={rows} />;
  if (query.isError) return <SectionLoadError message={loadFailed} onRetry={() => query.refetch()} />;
  return <>{children(query.data)}</>;
}
