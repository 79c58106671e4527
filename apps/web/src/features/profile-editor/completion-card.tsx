import { PROFILE_SECTION_TEXT, type ProfileSectionKey, sectionsLeft } from '@talentloop/contract/rules/completion';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CompletionBar, SectionProgress } from '../../ui/completion-progress.tsx';
import { useCompletion, useCompletionSections } from './api/get-completion.ts';
import { type EditorSectionKey, sectionSearch } from './editor-menu.ts';

/** The card shows a skeleton for its first second. spec: profile-company §2, §9 */
export const COMPLETION_SKELETON_MS = 1_000;

/**
 * The profile's completion (competitionPercentage, computed by the server from saved data; every
 * section load and save updates it). spec: profile-company §1, §2 Freelancer profile editor
 */
export function CompletionCard() {
  const completion = useCompletion();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), COMPLETION_SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);
  const value = completion.data;
  const loading = !waited || value === undefined;

  return (
    <section aria-labelledby="completion-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="completion-heading" className="text-sm font-semibold text-muted">
          Profile completion
        </h2>
        {!loading && (
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-bold tracking-tight text-ink tabular-nums" data-testid="completion-value">
              {value}%
            </span>
            <span className="text-sm text-muted">complete</span>
          </p>
        )}
      </div>
      {loading ? (
        <div aria-hidden="true" className="mt-3 animate-pulse space-y-3" data-testid="completion-skeleton">
          <div className="h-2.5 rounded-full bg-line" />
          <div className="h-3 w-2/3 rounded bg-line" />
        </div>
      ) : (
        <>
          <CompletionBar value={value} label="Profile completion" size="lg" />
          <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
            {value === 100 ? (
              <>
                <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
                Every section is complete.
              </>
            ) : (
              'Complete every section to stand out to companies.'
            )}
          </p>
          {value < 100 && <SectionsLeft percent={value} />}
        </>
      )}
      {completion.isError && !loading && <p className="mt-2 text-xs text-danger">Failed to load your completion.</p>}
    </section>
  );
}

/** The editor's section for each part of the weighting. */
const SECTION_OF: Record<ProfileSectionKey, EditorSectionKey> = {
  aboutMe: 'about-me',
  skills: 'skills',
  workExperience: 'work-experience',
  portfolio: 'portfolio',
  education: 'education',
  certification: 'certification',
  workPreferences: 'work-preferences',
};

/**
 * The sections not yet complete, heaviest first: each links to its section and says what it adds
 * (the points it brings, and why a company cares), under a bar of how far it is (issue 19).
 */
function SectionsLeft({ percent }: { percent: number }) {
  const sections = useCompletionSections(percent);
  if (!sections.data) return null;
  const left = sectionsLeft(sections.data);
  if (left.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-4">
      <h3 className="text-xs font-semibold text-ink">Still to complete</h3>
      <ul className="mt-3 space-y-4" data-testid="completion-left">
        {left.map(({ key, points }) => {
          const text = PROFILE_SECTION_TEXT[key];
          return (
            <SectionProgress
              key={key}
              label={text.label}
              name={
                <Link to={{ search: sectionSearch(SECTION_OF[key]) }} className="rounded underline-offset-2 hover:underline">
                  {text.label}
                </Link>
              }
              value={Math.round(sections.data[key] * 100)}
              aside={
                <>
                  +{points}%<span className="sr-only"> when complete</span>
                </>
              }
              inline
            >
              <p className="mt-1.5 text-xs text-muted">{text.adds}</p>
            </SectionProgress>
          );
        })}
      </ul>
    </div>
  );
}
