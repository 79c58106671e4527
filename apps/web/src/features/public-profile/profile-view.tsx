import type { PublicProfile } from '@talentloop/contract/api/account';
import { LANGUAGES } from '@talentloop/contract/lists/languages';
import { REVIEW_CRITERIA, REVIEW_CRITERION_LABELS } from '@talentloop/contract/api/review-shapes';
import { SKILL_YEAR_OPTIONS } from '@talentloop/contract/lists/profile';
import {
  Award,
  BadgeCheck,
  Briefcase,
  Clock,
  ExternalLink,
  FileText,
  GraduationCap,
  ImageIcon,
  Languages,
  MapPin,
  MessageSquareText,
  MessageSquareReply,
  PlayCircle,
  Star,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../ui/cn.ts';
import { FileThumbnail, isOwnFileUrl, openOwnFile } from '../../ui/file-thumbnail.tsx';
import { Stars } from '../../ui/stars.tsx';
import { countLabel } from '../../lib/plural.ts';

// A freelancer's saved profile exactly as a company sees it: every value comes from the profile,
// nothing is invented. The level is derived by the contract's rule from the saved work experience
// and vetting (the level typed at onboarding stays a talent-search filter); the rating and reviews
// come from finished hires only, and without reviews neither shows (issue 22).
// spec: profile-company §2 Freelancer public profile preview; issue 10

const reviewDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const languageName = (code: string) => LANGUAGES.find((l) => l.code === code.toLowerCase())?.name ?? code.toUpperCase();
const yearsLabel = (n: number) => SKILL_YEAR_OPTIONS.find((o) => o.value === n)?.label ?? `${n} years`;

/** 'Jul 2019' from a yyyy-MM-dd date (read as a calendar day, not shifted by time zone). */
export function monthYear(date: string): string {
  const [y, m] = date.split('-').map(Number);
  if (!y || !m) return date;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export function rateLabel(min: number | null, max: number | null): string | null {
  if (!max) return null;
  return min && min > 0 && min !== max ? `$${min} - $${max} /hr` : `$${max} /hr`;
}

export function hoursLabel(min: number | null, max: number | null): string | null {
  if (min == null || max == null) return null;
  return max >= 48 ? `${min}+ hours a week` : `${min}-${max} hours a week`;
}

export function ProfileView({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
  const { level, rating } = profile;
  const rate = rateLabel(profile.minHourlyRate, profile.maxHourlyRate);
  const hours = hoursLabel(profile.workPreferences.minHoursPerWeek, profile.workPreferences.maxHoursPerWeek);

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div className="min-w-0 space-y-5">
        <section aria-labelledby="profile-name" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm sm:p-7">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-2xl font-bold text-brand-700 ring-4 ring-brand-50 sm:h-28 sm:w-28">
              {profile.photoUrl ? (
                <img src={profile.photoUrl} alt={fullName} width={112} height={112} className="h-full w-full object-cover" />
              ) : (
                <span aria-hidden="true">{initials}</span>
              )}
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 id="profile-name" className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
                  {fullName}
                </h1>
                {profile.openToWork && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
                    <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                    Open to work
                  </span>
                )}
              </div>
              {profile.occupation && <p className="mt-1 text-base font-medium text-ink">{profile.occupation}</p>}
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
                {profile.country && (
                  <li className="inline-flex items-center gap-1.5">
                    <MapPin className="h-4 w-4" aria-hidden="true" />
                    {profile.country}
                  </li>
                )}
                <li className="inline-flex items-center gap-1.5" title={level.rule}>
                  <Briefcase className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">Level:</span>
                  <span className="font-medium text-ink">{level.label}</span>
                </li>
                {rating && (
                  <li className="inline-flex items-center gap-1.5">
                    <Stars value={rating.average} />
                    <span className="font-semibold text-ink">{rating.average.toFixed(1)}</span>
                    <a href="#profile-reviews" className="text-brand-700 hover:underline">
                      {countLabel(rating.count, 'review')}
                    </a>
                  </li>
                )}
                {rate && (
                  <li className="inline-flex items-center gap-1.5 font-semibold text-ink">
                    <span className="sr-only">Hourly rate:</span>
                    {rate}
                  </li>
                )}
              </ul>
              {actions && <div className="mt-5 flex flex-wrap gap-2">{actions}</div>}
            </div>
          </div>
        </section>

        <Card title="About" icon={MessageSquareText}>
          {profile.description ? (
            <p className="text-sm leading-relaxed break-words whitespace-pre-line text-ink">{profile.description}</p>
          ) : (
            <Empty>No description yet.</Empty>
          )}
          {profile.videoUrl && (
            <a
              href={profile.videoUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl border border-line px-4 text-sm font-semibold text-brand-700 hover:bg-surface"
            >
              <PlayCircle className="h-4 w-4" aria-hidden="true" />
              {profile.videoTitle || 'Watch the introduction video'}
              <span className="sr-only">(opens YouTube in a new tab)</span>
            </a>
          )}
        </Card>

        <Card title="Skills" icon={BadgeCheck}>
          {profile.skills.length ? (
            <ul aria-label="Skills" className="flex flex-wrap gap-2">
              {profile.skills.map((s) => (
                <li key={s.skillName} className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1.5 text-sm text-brand-900">
                  <span className="font-medium">{s.skillName}</span>
                  <span className="text-brand-800"> · {yearsLabel(s.experienceLevel)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No skills listed yet.</Empty>
          )}
        </Card>

        <Card title="Portfolio" icon={FileText}>
          {profile.portfolio.length ? (
            <ul className="grid gap-3 md:grid-cols-2">
              {profile.portfolio.map((item) => {
                const href = item.contentType === 'LINK' ? item.portfolioUrl : item.fileUrl;
                const Icon = item.contentType === 'LINK' ? ExternalLink : item.contentType === 'IMAGE' ? ImageIcon : FileText;
                return (
                  <li key={item.freelancerPortfolioId} className="flex min-w-0 flex-col rounded-xl border border-line p-4">
                    <div className="flex items-start gap-3">
                      {item.contentType === 'IMAGE' && item.fileUrl ? (
                        <FileThumbnail key={item.fileUrl} src={item.fileUrl} alt={`Preview of ${item.portfolioTitle}`} />
                      ) : (
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                          <Icon className="h-5 w-5" aria-hidden="true" />
                        </span>
                      )}
                      <div className="min-w-0">
                        <h3 className="font-semibold break-words text-ink">{item.portfolioTitle}</h3>
                        {href &&
                          (isOwnFileUrl(href) ? (
                            // A file of /api/files needs the session's token, which a link opened in a
                            // tab (a middle click, 'open in new tab') would not send: it answered 401.
                            // A button reads it with the token and opens what it read.
                            <button
                              type="button"
                              onClick={() => void openOwnFile(href, item.portfolioTitle)}
                              className="block truncate text-left text-sm text-brand-700 underline-offset-2 hover:underline"
                            >
                              {item.contentType === 'IMAGE' ? 'View image' : 'Open document'}
                              <span className="sr-only"> {item.portfolioTitle} (opens in a new tab)</span>
                            </button>
                          ) : (
                            <a
                              href={href}
                              target="_blank"
                              rel="noopener noreferrer nofollow"
                              className="block truncate text-sm text-brand-700 underline-offset-2 hover:underline"
                            >
                              {item.contentType === 'LINK' ? href : item.contentType === 'IMAGE' ? 'View image' : 'Open document'}
                            </a>
                          ))}
                      </div>
                    </div>
                    <p className="mt-3 text-sm break-words text-muted">{item.portfolioDesc}</p>
                    {item.portfolioSkills.length > 0 && (
                      <ul aria-label={`Skills of ${item.portfolioTitle}`} className="mt-3 flex flex-wrap gap-1.5">
                        {item.portfolioSkills.map((s) => (
                          <li key={s} className="rounded-full bg-surface px-2.5 py-1 text-xs font-medium text-ink">
                            {s}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <Empty>No portfolio projects yet.</Empty>
          )}
        </Card>

        <Card title="Work experience" icon={Briefcase}>
          {profile.workExperience.length ? (
            <ol className="space-y-4">
              {profile.workExperience.map((w) => (
                <li key={`${w.title}-${w.company}-${w.startDate}`} className="border-l-2 border-brand-100 pl-4">
                  <p className="font-semibold text-ink">{w.title}</p>
                  <p className="text-sm text-ink">{w.company}</p>
                  <p className="text-sm text-muted">
                    {monthYear(w.startDate)} – {w.endDate ? monthYear(w.endDate) : 'Present'}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <Empty>No work experience listed yet.</Empty>
          )}
        </Card>

        {rating && profile.reviews.length > 0 && (
          <Card title="Reviews" icon={Star} id="profile-reviews">
            <p className="-mt-2 mb-4 flex flex-wrap items-center gap-2 text-sm">
              <Stars value={rating.average} size="md" />
              <span className="text-lg font-bold text-ink">{rating.average.toFixed(1)}</span>
              <span className="text-muted">
                from {countLabel(rating.count, 'review')} by companies that hired {profile.firstName}
              </span>
            </p>
            <ul className="divide-y divide-line">
              {profile.reviews.map((r) => (
                <li key={r.id} className="py-4 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-semibold text-ink">{r.companyName}</h3>
                    <Stars value={r.overall} />
                    <span className="text-xs text-muted">{reviewDate.format(new Date(r.createdAt))}</span>
                  </div>
                  <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                    {REVIEW_CRITERIA.map((c) => (
                      <div key={c} className="flex items-center gap-1">
                        <dt>{REVIEW_CRITERION_LABELS[c].label}</dt>
                        <dd className="font-semibold text-ink">{r.ratings[c]}/5</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-line text-ink">{r.text}</p>
                  {r.reply && (
                    <div className="mt-3 border-l-2 border-brand-200 pl-3">
                      <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-800">
                        <MessageSquareReply className="h-3.5 w-3.5" aria-hidden="true" />
                        Reply from {profile.firstName}
                      </p>
                      <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{r.reply}</p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>

      <aside aria-label="Details" className="min-w-0 space-y-5">
        <Card title="Level" icon={Briefcase} compact>
          <p className="text-sm font-semibold text-ink">{level.label}</p>
          <p className="mt-1 text-sm text-muted">{level.explanation}</p>
          <p className="mt-2 text-xs text-muted">{level.rule}</p>
        </Card>

        <Card title="Education" icon={GraduationCap} compact>
          {profile.education.length ? (
            <ul className="space-y-3">
              {profile.education.map((e) => (
                <li key={`${e.degree}-${e.college}-${e.yearOfPassed}`}>
                  <p className="text-sm font-semibold text-ink">{e.degree}</p>
                  <p className="text-sm text-muted">
                    {e.college} · {e.yearOfPassed}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No education listed yet.</Empty>
          )}
        </Card>

        <Card title="Certifications" icon={Award} compact>
          {profile.certifications.length ? (
            <ul className="space-y-3">
              {profile.certifications.map((c) => (
                <li key={`${c.certificationName}-${c.dateIssued}`}>
                  <p className="text-sm font-semibold text-ink">
                    {c.certificationUrl ? (
                      <a
                        href={c.certificationUrl}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="text-brand-700 hover:underline"
                      >
                        {c.certificationName}
                      </a>
                    ) : (
                      c.certificationName
                    )}
                  </p>
                  <p className="text-sm text-muted">
                    {c.issuingOrganization} · {monthYear(c.dateIssued)}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No certifications yet.</Empty>
          )}
        </Card>

        <Card title="Languages" icon={Languages} compact>
          {profile.languages.length ? (
            <ul className="space-y-1.5">
              {profile.languages.map((l) => (
                <li key={l.languageCode} className="flex justify-between gap-3 text-sm">
                  <span className="font-medium text-ink">{languageName(l.languageCode)}</span>
                  <span className="text-muted">{l.proficiency}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No languages listed yet.</Empty>
          )}
        </Card>

        <Card title="Availability" icon={Clock} compact>
          {hours || profile.workPreferences.projectDurationPreference ? (
            <dl className="space-y-2 text-sm">
              {hours && (
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">Hours</dt>
                  <dd className="text-right font-medium text-ink">{hours}</dd>
                </div>
              )}
              {profile.workPreferences.projectDurationPreference && (
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">Projects</dt>
                  <dd className="text-right font-medium text-ink">{profile.workPreferences.projectDurationPreference}</dd>
                </div>
              )}
            </dl>
          ) : (
            <Empty>Not stated yet.</Empty>
          )}
        </Card>
      </aside>
    </div>
  );
}

function Card({
  title,
  icon: Icon,
  compact = false,
  id,
  children,
}: {
  title: string;
  id?: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  compact?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('rounded-[var(--radius-card)] border border-line bg-white shadow-sm', compact ? 'p-5' : 'p-5 sm:p-7')}
    >
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-base font-bold tracking-tight text-ink">
        <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

export function ProfileSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-5">
        <div className="flex gap-5 rounded-[var(--radius-card)] border border-line bg-white p-7">
          <div className="h-28 w-28 rounded-full bg-line" />
          <div className="flex-1 space-y-3">
            <div className="h-7 w-1/2 rounded bg-line" />
            <div className="h-4 w-1/3 rounded bg-line" />
            <div className="h-4 w-2/3 rounded bg-line" />
          </div>
        </div>
        <div className="h-40 rounded-[var(--radius-card)] border border-line bg-white" />
      </div>
      <div className="h-64 rounded-[var(--radius-card)] border border-line bg-white" />
    </div>
  );
}
