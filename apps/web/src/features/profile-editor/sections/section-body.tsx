import type { Endpoint, ResponseOf } from '@talentloop/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { EditorSection, SectionLoadError, SectionSkeleton } from '../../../ui/profile-form/editor-section.tsx';
import { useSectionQuery } from '../api/get-section.ts';

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

export type Reload = { onReload: () => void; reloading: boolean };

/**
 * An editor section read from its endpoint: the card, the skeleton and load error, then the form,
 * remounted with every new load (a save's answer or a reload), so it always starts from saved data.
 */
export function LoadedSection<E extends Endpoint>({
  name,
  endpoint,
  title,
  description,
  loadFailed,
  rows,
  children,
}: {
  name: string;
  endpoint: E;
  title: string;
  description: string;
  loadFailed: string;
  rows?: number;
  children: (load: ResponseOf<E>, reload: Reload) => ReactNode;
}) {
  const query = useSectionQuery(name, endpoint);
  return (
    <EditorSection id={name} title={title} description={description}>
      <SectionBody query={query} loadFailed={loadFailed} rows={rows}>
        {(data) => (
          <Fragment key={query.dataUpdatedAt}>
            {children(data as ResponseOf<E>, { onReload: () => query.refetch(), reloading: query.isFetching })}
          </Fragment>
        )}
      </SectionBody>
    </EditorSection>
  );
}
