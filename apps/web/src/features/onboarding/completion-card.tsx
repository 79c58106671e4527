import { stageIndex } from '@talentloop/contract';
import { basicsCompletion, educationCompletion, overallCompletion, preferenceCompletion } from '@talentloop/contract/rules/completion';
import { workHoursLabel } from '@talentloop/contract/validation/wizard-rules';
import { CompletionBar, SectionProgress } from '../../ui/completion-progress.tsx';
import { useEducationWork } from './api/get-education-work.ts';
import { useOnboardingProfile } from './api/get-onboarding-profile.ts';
import { useWorkPreference } from './api/get-work-preference.ts';
import { type Section, useLiveProgress } from './progress.tsx';

const SECTIONS: Array<{ key: Section; label: string; short: string }> = [
  { key: 'basics', label: 'Profile Basics', short: 'Basics' },
  { key: 'education', label: 'Education & Experience', short: 'Education' },
  { key: 'preference', label: 'Work Preference', short: 'Preference' },
];

/**
 * Overall completion (the average of the three sections) and each section's bar.
 * spec: auth-onboarding §2 Onboarding wizard, §4 Wizard details
 */
export function CompletionCard({ stage }: { stage: string | null }) {
  const profile = useOnboardingProfile();
  const educationWork = useEducationWork();
  const preference = useWorkPreference();
  const live = useLiveProgress();
  const loading = profile.isPending || educationWork.isPending || preference.isPending;

  const p = profile.data;
  const saved: Record<Section, number> = {
    basics: p ? basicsCompletion({ ...p, hourlyRate: p.maxHourlyRate, hasPhoto: Boolean(p.profilePhotoUrl) }) : 0,
    education: educationCompletion(educationWork.data?.educationDetails.length ?? 0, educationWork.data?.workExperience.length ?? 0),
    preference: preferenceCompletion({
      workHours: workHoursLabel(preference.data?.workPreferences.minHoursPerWeek, preference.data?.workPreferences.maxHoursPerWeek),
      projectDuration: preference.data?.workPreferences.projectDurationPreference,
    }),
  };
  // A saved education step counts in full. spec: §4 ("sets ... that section to 100%")
  const educationSaved = stageIndex(stage) >= stageIndex('WORK_PREFERENCES');
  const percent = (key: Section) => (key === 'education' && educationSaved ? 100 : (live[key] ?? saved[key]));
  const overall = overallCompletion(SECTIONS.map((s) => percent(s.key)));

  // Below the desktop layout the card sits above the form, so it stays short: sections side by side.
  return (
    <section
      aria-labelledby="completion-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5 lg:p-6"
    >
      <div className="flex items-baseline justify-between gap-3 lg:block">
        <h2 id="completion-heading" className="text-sm font-semibold text-muted">
          Profile completion
        </h2>
        {!loading && (
          <p className="flex items-baseline gap-1.5 lg:mt-2 lg:gap-2">
            <span className="text-2xl font-bold tracking-tight text-ink lg:text-4xl">{overall}%</span>
            <span className="text-sm text-muted">complete</span>
          </p>
        )}
      </div>
      {loading ? (
        <div aria-hidden="true" className="mt-3 animate-pulse space-y-4">
          <div className="h-2.5 rounded-full bg-line" />
          <div className="grid grid-cols-3 gap-3 lg:grid-cols-1 lg:gap-5">
            {SECTIONS.map((s) => (
              <div key={s.key} className="space-y-2">
                <div className="h-3.5 w-2/3 rounded bg-line" />
                <div className="h-1.5 rounded-full bg-line" />
              </div>
            ))}
          </div>
          <span className="sr-only">Loading completion</span>
        </div>
      ) : (
        <>
          <CompletionBar value={overall} label="Overall completion" size="lg" />
          <ul className="mt-4 grid grid-cols-3 gap-3 sm:gap-5 lg:mt-6 lg:grid-cols-1 lg:gap-4">
            {SECTIONS.map((s) => (
              <SectionProgress key={s.key} label={s.label} short={s.short} value={percent(s.key)} aside={`${percent(s.key)}%`} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
