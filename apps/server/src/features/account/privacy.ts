import { DEFAULT_PROFILE_VISIBILITY, type PrivacySettings, type ProfileVisibility } from '@talentloop/contract/api/account';
import { eq } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../infra/db/client.ts';
import { freelancerPrivacy, freelancerProfiles } from '../../infra/db/schema.ts';
import { profileChanged } from '../../infra/profile-events.ts';
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
    const [existing] = await db
      .select({ slug: freelancerPrivacy.slug, visibility: freelancerPrivacy.visibility })
      .from(freelancerPrivacy)
      .where(eq(freelancerPrivacy.userId, user.id));
    if (existing) return { slug: existing.slug, visibility: asVisibility(existing.visibility) };
    // Any conflict (this user's row made by a parallel request, or a taken slug) inserts nothing.
    await db
      .insert(freelancerPrivacy)
      .values({ userId: user.id, slug: makeSlug(user.firstName, user.lastName), visibility: DEFAULT_PROFILE_VISIBILITY })
      .onConflictDoNothing();
  }
  throw new Error('could not allocate a public slug');
}

async function readOpenToWork(db: Pick<Db, 'select'>, userId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ openToWork: freelancerProfiles.openToWork })
    .from(freelancerProfiles)
    .where(eq(freelancerProfiles.userId, userId));
  return row ? row.openToWork : null;
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
    const updated = await tx
      .update(freelancerProfiles)
      .set({ openToWork: input.openToWork })
      .where(eq(freelancerProfiles.userId, user.id))
      .returning({ userId: freelancerProfiles.userId });
    if (updated.length === 0) throw new AppError('TL_CORE_10100_E');
    await tx.update(freelancerPrivacy).set({ visibility: input.visibility, updatedAt: now }).where(eq(freelancerPrivacy.userId, user.id));
    await profileChanged(tx, [user.id]);
  });
  return { slug, ...input };
}
