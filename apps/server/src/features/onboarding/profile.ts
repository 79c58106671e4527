import type { ProfileRead } from '@talentloop/contract/api/onboarding';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client.ts';
import { freelancerLanguages, freelancerProfiles, freelancerSkills, type users } from '../../infra/db/schema.ts';

type User = typeof users.$inferSelect;

/** The profile-basics read shape. spec: auth-onboarding §3 Freelancer profile (read) */
export async function readProfile(db: Db, user: User): Promise<ProfileRead> {
  const [profile] = await db.select().from(freelancerProfiles).where(eq(freelancerProfiles.userId, user.id));
  const skills = await db
    .select()
    .from(freelancerSkills)
    .where(eq(freelancerSkills.userId, user.id))
    .orderBy(asc(freelancerSkills.position));
  const languages = await db
    .select()
    .from(freelancerLanguages)
    .where(eq(freelancerLanguages.userId, user.id))
    .orderBy(asc(freelancerLanguages.position));
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    description: profile?.description ?? '',
    mobileNo: profile?.mobileNo ?? null,
    dialingCode: profile?.dialingCode ?? null,
    countryCode: profile?.countryCode ?? null,
    country: COUNTRIES.find((c) => c.code === profile?.countryCode)?.name ?? null,
    occupation: profile?.occupation ?? null,
    minHourlyRate: profile?.minHourlyRate ?? null,
    maxHourlyRate: profile?.maxHourlyRate ?? null,
    experienceLevel: profile?.experienceLevel ?? null,
    profilePhotoUrl: user.profilePhotoUrl,
    skills: skills.map((s) => ({ skillId: s.id, skillName: s.skillName, experienceLevel: s.experienceYears, status: 'ACTIVE' })),
    languages: languages.map((l) => ({ languageCode: l.languageCode.toUpperCase(), proficiency: l.proficiency })),
  };
}
