import { companyTalentPath } from '@talentloop/contract';
import type { TalentCard as Card } from '@talentloop/contract/api/talent-search';
import { COUNTRIES } from '@talentloop/contract/lists/countries';
import { LEVEL_LABELS } from '@talentloop/contract/rules/level';
import { BadgeCheck, Briefcase, FlaskConical, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// A search result (issue 20): photo or initials, name, occupation, rate, top skills, country, 'Open
// to work', and 'Demo profile' for rows made by `npm run seed:demo`. The whole card opens the
// profile as a company sees it; the search it came from travels along, for the profile's Back link.

const countryName = (code: string | null) => (code ? (COUNTRIES.find((c) => c.code === code)?.name ?? code) : null);

/** '$30 - $45 /hr', '$40 /hr', or null when no rate is set. */
export function cardRate(min: number | null, max: number | null): string | null {
  if (!max) return null;
  return min && min > 0 && min !== max ? `$${min} - $${max} /hr` : `$${max} /hr`;
}

export const initialsOf = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/** The state a card's link carries: the search to go back to. */
export type FromSearch = { fromSearch?: string };

const cardClass =
  'relative flex h-full min-h-[15rem] flex-col rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-sm transition-shadow';

/** `action`: a control of the card's own (Shortlist), above the link that covers the card. */
export function TalentCard({ card, search, action }: { card: Card; search: string; action?: ReactNode }) {
  const name = `${card.firstName} ${card.lastName}`.trim();
  const rate = cardRate(card.minHourlyRate, card.maxHourlyRate);
  const country = countryName(card.countryCode);
  // The level companies see, from work history (decision 163), as the profile shows it.
  const level = LEVEL_LABELS[card.level];
  return (
    <article className={`${cardClass} hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600`}>
      <div className="flex items-start gap-3">
        <div className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-lg font-bold text-brand-700">
          {card.photoUrl ? (
            <img src={card.photoUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true">{initialsOf(card.firstName, card.lastName)}</span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-ink">
            {/* The link covers the card (its ::after), so the whole card opens the profile. */}
            <Link
              to={companyTalentPath(card.slug)}
              state={{ fromSearch: search } satisfies FromSearch}
              className="break-words outline-none after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:text-brand-700"
            >
              {name}
            </Link>
          </h3>
          <p className="truncate text-sm text-muted">{card.occupation ?? 'Freelancer'}</p>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap gap-1.5">
        {card.openToWork && (
          <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            Open to work
          </span>
        )}
        {card.demo && (
          <span className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
            <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
            Demo profile
          </span>
        )}
      </div>

      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {rate && (
          <li className="font-semibold text-ink">
            <span className="sr-only">Hourly rate: </span>
            {rate}
          </li>
        )}
        {country && (
          <li className="inline-flex items-center gap-1">
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            {country}
          </li>
        )}
        {level && (
          <li className="inline-flex items-center gap-1">
            <Briefcase className="h-3.5 w-3.5" aria-hidden="true" />
            {level} level
          </li>
        )}
      </ul>

      {card.topSkills.length > 0 && (
        <ul aria-label={`Top skills of ${name}`} className="mt-auto flex flex-wrap gap-1.5 pt-4">
          {card.topSkills.map((s) => (
            <li key={s} className="rounded-full border border-brand-100 bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-900">
              {s}
            </li>
          ))}
        </ul>
      )}
      {action && <div className="relative z-10 mt-4 border-t border-line pt-4">{action}</div>}
    </article>
  );
}

/** A card's shape while results load: same size as a card, so nothing moves when they arrive. */
export function TalentCardSkeleton() {
  return (
    <div data-testid="talent-card-skeleton" className={`${cardClass} animate-pulse`}>
      <div className="flex items-start gap-3">
        <div className="h-14 w-14 shrink-0 rounded-full bg-line" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-2/3 rounded bg-line" />
          <div className="h-3.5 w-1/2 rounded bg-line" />
        </div>
      </div>
      <div className="mt-3 h-5 w-24 rounded-full bg-line" />
      <div className="mt-3 h-4 w-3/4 rounded bg-line" />
      <div className="mt-auto flex gap-1.5 pt-4">
        <div className="h-6 w-16 rounded-full bg-line" />
        <div className="h-6 w-20 rounded-full bg-line" />
        <div className="h-6 w-14 rounded-full bg-line" />
      </div>
    </div>
  );
}
