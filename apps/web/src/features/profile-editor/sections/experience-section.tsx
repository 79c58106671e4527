import { getExperienceDetails, saveExperienceDetails } from '@talentloop/contract/api/profile-editor';
import type { ProfileLevel } from '@talentloop/contract/api/review-shapes';
import { LEVEL_MIN_YEARS } from '@talentloop/contract/rules/level';
import { PROFILE_SECTION_TEXT as SECTION_TEXT } from '@talentloop/contract/validation/profile-editor-messages';
import { WORK_LIST, type WorkItem } from '../../../ui/profile-form/entry-forms.tsx';
import { EntryListSection } from './entry-list-editor.tsx';

const signature = (items: readonly WorkItem[]) =>
  JSON.stringify(
    items.map((w) => [w.freelancerWorkExpId ?? null, w.title, w.company, w.startDate.slice(0, 7), w.endDate?.slice(0, 7) ?? null]),
  );

/**
 * What companies see (issue 32, decision 163): the one level of cards, filters and profiles, from
 * the saved roles and the vetting, and why.
 */
export function LevelNote({ level }: { level: ProfileLevel }) {
  const years = level.years === 1 ? '1 year' : `${level.years} years`;
  return (
    <section aria-labelledby="level-note-title" className="rounded-[var(--radius-card)] border border-brand-100 bg-brand-50 p-4">
      <h3 id="level-note-title" className="text-sm font-semibold text-ink">
        Companies see you as {level.label}, from {years} of work history
      </h3>
      {/* The reason, when it is more than the years: Senior and Expert wait for the vetting. */}
      {!level.vetted && level.years >= LEVEL_MIN_YEARS.senior && <p className="mt-1 text-sm text-muted">{level.explanation}</p>}
      <p className="mt-2 text-xs text-muted">{level.rule}</p>
    </section>
  );
}

/** Work experience. spec: profile-company §3 Work experience, §4 (I currently work here), §5 Work experience */
export function ExperienceSection() {
  return (
    <EntryListSection
      name="experience"
      endpoint={getExperienceDetails}
      saveEndpoint={saveExperienceDetails}
      sectionTitle="Work Experience"
      sectionDescription="Roles you have held, most recent first."
      text={SECTION_TEXT.experience}
      items={(load): readonly WorkItem[] => load.workExperience}
      header={(load) => <LevelNote level={load.level} />}
      signature={signature}
      toBody={(items, load) => ({
        workExperience: items.map(({ freelancerWorkExpId, title, company, startDate, endDate }) => ({
          freelancerWorkExpId: freelancerWorkExpId ?? null,
          title,
          company,
          startDate,
          endDate,
          currentlyWorking: endDate === null,
        })),
        version: load.version,
      })}
      {...WORK_LIST}
      title="Your roles"
      description="Title, company and the months you worked there."
    />
  );
}
