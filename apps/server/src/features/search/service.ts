import type { SearchKind } from '@talentloop/contract/api/search';
import { hasUnsafeCharacters } from '@talentloop/contract/validation/fields';
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile-messages';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../infra/db/client.ts';
import { searchNames } from './queries.ts';

/**
 * Reference lists only change when the server starts, so answers are cached per instance (bounded,
 * oldest dropped first): typing the same prefixes costs no query.
 */
export function createSearchCache(db: Db, maxEntries = 5_000) {
  const cache = new Map<string, Promise<string[]>>();
  return (kind: SearchKind, text: string): Promise<string[]> => {
    // No list holds a control or bidi character; PostgreSQL cannot even take a NUL in text.
    if (hasUnsafeCharacters(text)) throw new AppError('TL_CORE_00400_E', `query: ${PROFILE_MESSAGES.unsafeCharacters}`);
    const key = `${kind}\0${text.trim().toLowerCase()}`;
    let hit = cache.get(key);
    if (!hit) {
      hit = searchNames(db, kind, text);
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    return hit;
  };
}
