import { DEFAULT_PROFILE_VISIBILITY, type PrivacySettings, type ProfileVisibility } from '@talentloop/contract/api/account';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../infra/db/client.ts';
import { profileChanged } from '../../infra/profile-events.ts';
import { insertPrivacyRow, privacyRowOf, readOpenToWork, setOpenToWork, setVisibility } from './queries.ts';
import { makeSlug } from './slug.ts';

// Profile visibility and the stable public slug (issue 10, beyond the spec). docs/decisions.md

export function asVisibility(value: string): ProfileVisibility {
  return value === 'public' || value === 'hidden' ? value : 'companies';
}

/**
 * The user's privacy row, created on first use with a new slug. The slug never changes afterwards
 * (a shared link keeps working when the name changes). A slug collision retries with a new suffix.
 */
export async function ensurePrivacy(
  db: Db,
  user: { id: string; firstName: string; lastName: string },
): Promise<{ slug: string; visibility: ProfileVisibility }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await privacyRowOf(db, user.id);
    if (existing) return { slug: existing.slug, visibility: asVisibility(existing.visibility) };
    // Any conflict (this user's row made by a parallel request, or a taken slug) inserts nothing.
    await insertPrivacyRow(db, user.id, makeSlug(user.firstName, user.lastName), DEFAULT_PROFILE_VISIBILITY);
  }
  throw new Error('could not allocate a public slug');
}

export async function readPrivacy(db: Db, user: { id: string; firstName: string; lastName: string }): Promise<PrivacySettings> {
  const { slug, visibility } = await ensurePrivacy(db, user);
  return { slug, visibility, openToWork: (await readOpenToWork(db, user.id)) ?? true };
}

/** Saves both settings in one transaction; needs saved profile basics (TL_CORE_10100_E before). */
export async function savePrivacy(
  db: Db,
  user: { id: string; firstName: string; lastName: string },
  input: { openToWork: boolean; visibility: ProfileVisibility },
  now: Date,
): Promise<PrivacySettings> {
  const { slug } = await ensurePrivacy(db, user);
  await db.transaction(async (tx) => {
    if (!(await setOpenToWork(tx, user.id, input.openToWork))) throw new AppError('TL_CORE_10100_E');
    await setVisibility(tx, user.id, input.visibility, now);
    await profileChanged(tx, [user.id]);
  });
  return { slug, ...input };
}
