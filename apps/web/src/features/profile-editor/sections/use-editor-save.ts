import { ERRORS, type Endpoint, type RequestOf, type ResponseOf } from '@talentloop/contract';
import { useState } from 'react';
import type { Shown } from '../../../lib/error-message.ts';
import { notify } from '../../../ui/toast.ts';
import { STALE_MESSAGE } from '../../../ui/profile-form/editor-section.tsx';
import { useSectionSave } from '../api/save-section.ts';
import { saveFailure } from '../save-failure.ts';

/** The section load a save's answer stands for: the same lists and fields, version and percentage. */
export const answerAsLoad = <R extends object>(res: R) => ({ ...res, status: 'success' as const });

/**
 * A section's save: the spec's toasts (4 s), the cached load replaced by the server's answer, and
 * `stale` when the section was saved elsewhere since it was loaded (409): the section then offers
 * to reload. spec: profile-company §4 Freelancer editor, general; §8
 */
export function useEditorSave<E extends Endpoint, L>(
  name: string,
  endpoint: E,
  toLoad: (res: ResponseOf<E>) => L,
  text: { saved: Shown; failed: Shown },
) {
  const mutation = useSectionSave(name, endpoint, toLoad);
  const [stale, setStale] = useState(false);
  async function save(body: RequestOf<E>): Promise<ResponseOf<E> | null> {
    setStale(false);
    try {
      const res = await mutation.mutateAsync(body);
      notify.success(text.saved.title, text.saved.message || undefined);
      return res;
    } catch (err) {
      const failure = saveFailure(err, text.failed);
      if (failure.stale) {
        setStale(true);
        notify.error(ERRORS.TL_CORE_10110_E.title, STALE_MESSAGE);
      } else notify.error(failure.shown.title, failure.shown.message);
      return null;
    }
  }
  return { save, saving: mutation.isPending, stale };
}
