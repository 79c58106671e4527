import type { ProfileSection } from '@talentloop/contract/api/profile-editor';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { DbOrTx } from '../../infra/db/client.ts';
import { freelancerSectionVersions as versions } from '../../infra/db/schema.ts';

// One version per profile section. A save carries the version its section was loaded at; the check
// and the bump are one statement, so of two saves made from the same version exactly one wins (the
// other waits for the first's row lock, then finds the version moved on). docs/decisions.md

export type { ProfileSection };

/**
 * Checks that `section` is still at `expectedVersion` and bumps it, inside the caller's
 * transaction. `expectedVersion` undefined (the wizard, or a client of the original API) bumps
 * without checking. Throws 409 TL_CORE_10110_E when the section changed since it was loaded.
 * Returns the new version. `now` is the app's clock, the one a vetting decision's time is on, so
 * 'changed since the request' compares two times of one clock.
 */
export async function checkAndBumpVersion(
  tx: DbOrTx,
  userId: string,
  section: ProfileSection,
  now: Date,
  expectedVersion?: number,
): Promise<number> {
  let rows: { version: number }[];
  if (expectedVersion === undefined) {
    rows = await tx
      .insert(versions)
      .values({ userId, section, version: 1, updatedAt: now })
      .onConflictDoUpdate({ target: [versions.userId, versions.section], set: { version: sql`${versions.version} + 1`, updatedAt: now } })
      .returning({ version: versions.version });
  } else if (expectedVersion === 0) {
    rows = await tx
      .insert(versions)
      .values({ userId, section, version: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [versions.userId, versions.section],
        set: { version: sql`${versions.version} + 1`, updatedAt: now },
        setWhere: eq(versions.version, 0),
      })
      .returning({ version: versions.version });
  } else {
    rows = await tx
      .update(versions)
      .set({ version: sql`${versions.version} + 1`, updatedAt: now })
      .where(and(eq(versions.userId, userId), eq(versions.section, section), eq(versions.version, expectedVersion)))
      .returning({ version: versions.version });
  }
  const version = rows[0]?.version;
  if (version === undefined) throw new AppError('TL_CORE_10110_E');
  return version;
}

/** The current versions of some sections (0 for a section never saved), in one query. */
export async function readVersions<S extends ProfileSection>(
  db: DbOrTx,
  userId: string,
  sections: readonly S[],
): Promise<Record<S, number>> {
  const rows = await db
    .select({ section: versions.section, version: versions.version })
    .from(versions)
    .where(and(eq(versions.userId, userId), inArray(versions.section, [...sections])));
  const out = Object.fromEntries(sections.map((s) => [s, 0])) as Record<S, number>;
  for (const r of rows) out[r.section as S] = r.version;
  return out;
}

export async function readVersion(db: DbOrTx, userId: string, section: ProfileSection): Promise<number> {
  return (await readVersions(db, userId, [section]))[section];
}

/**
 * Marks the profile photo as changed now: a row of its own ('photo', not an editor section, so no
 * open section editor goes stale). Sending the profile back for review after changes were asked
 * for counts any row changed since the request, so a new or removed photo counts as a change.
 */
export async function markPhotoChanged(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx
    .insert(versions)
    .values({ userId, section: 'photo', version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [versions.userId, versions.section],
      set: { version: sql`${versions.version} + 1`, updatedAt: now },
    });
}
