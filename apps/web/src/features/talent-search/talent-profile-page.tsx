import { BRAND, paths } from '@talentloop/contract';
import type { PublicProfile } from '@talentloop/contract/api/account';
import type { ShortlistMembership } from '@talentloop/contract/api/talent-search';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Share2, ShieldAlert } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { DemoNote } from '../../ui/demo-note.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { useTalentProfile } from './api/get-talent-profile.ts';
import { talentKeys } from './api/keys.ts';
import type { FromSearch } from './talent-card.tsx';
import { VERIFY_LINK } from './search-params.ts';

// /company/talent/:slug (issue 20): a vetted freelancer's profile as a company sees it, with the way
// back to the search it came from, 'Share' (the public link, only when the profile is public) and
// 'Shortlist'. The profile's rendering and the shortlist control belong to other features: the
// router hands them in (features do not import each other), as is 'Schedule Interview' (issue 22).

export type ProfileViewComponent = ComponentType<{ profile: PublicProfile; actions?: ReactNode }>;
export type ShortlistButtonComponent = ComponentType<{
  slug: string;
  memberships: ShortlistMembership[];
  canShortlist: boolean;
  name?: string;
  onAdded?: () => void;
}>;

export type ScheduleInterviewComponent = ComponentType<{
  slug: string;
  name: string;
  canSchedule: boolean;
  /** The freelancer's stages on the company's lists: decided on every one, nothing to schedule. */
  stages?: readonly string[];
  variant?: 'primary' | 'secondary';
}>;

/** The messages feature's 'Message', one per candidacy (issue 36). */
export type MessageButtonsComponent = ComponentType<{ candidates: Array<{ candidateId: string; role: string }>; name: string }>;

export function TalentProfilePage({
  ProfileView,
  ProfileSkeleton,
  ShortlistButton,
  ScheduleInterview,
  MessageButtons,
}: {
  /** The messages feature's 'Message' for each of the company's candidacies of this freelancer; absent, not shown. */
  MessageButtons?: MessageButtonsComponent;
  /** The interviews feature's 'Schedule Interview' (verified companies only); absent, not shown. */
  ScheduleInterview?: ScheduleInterviewComponent;
  ProfileView: ProfileViewComponent;
  ProfileSkeleton: ComponentType;
  /** The shortlists feature's control; absent, no shortlist control is shown. */
  ShortlistButton?: ShortlistButtonComponent;
}) {
  const { slug = '' } = useParams();
  const location = useLocation();
  const fromSearch = (location.state as FromSearch | null)?.fromSearch ?? '';
  const query = useTalentProfile(slug);
  const queryClient = useQueryClient();
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const data = query.data;
  const profile = data?.profile;

  useEffect(() => {
    const before = document.title;
    document.title = profile
      ? `${profile.firstName} ${profile.lastName} · ${BRAND.name}`
      : notFound
        ? `Not found · ${BRAND.name}`
        : BRAND.name;
    return () => {
      document.title = before;
    };
  }, [profile, notFound]);

  async function share(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied', url);
    } catch {
      notify.error('Could not copy the link', url);
    }
  }

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-4 pb-16 sm:px-6 sm:pt-6">
      <Link
        to={`${paths.company.talent}${fromSearch}`}
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-xl text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to search
      </Link>

      {query.isPending ? (
        <ProfileSkeleton />
      ) : notFound ? (
        <div className="flex flex-col items-center py-16 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Not found</h1>
          <p className="mt-3 max-w-sm text-muted">This freelancer is not in the talent pool any more, or the link is wrong.</p>
          <Link to={`${paths.company.talent}${fromSearch}`} className={buttonClass('primary', 'mt-8')}>
            Back to search
          </Link>
        </div>
      ) : query.isError ? (
        <div className="space-y-3">
          <h1 className="text-xl font-bold">Profile</h1>
          <Alert>Failed to get this profile. Please try again.</Alert>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && profile ? (
        <>
          {data.demo && <DemoNote />}
          <ProfileView
            profile={profile}
            actions={
              <>
                {ShortlistButton && (
                  <ShortlistButton
                    slug={profile.slug}
                    name={`${profile.firstName} ${profile.lastName}`.trim()}
                    memberships={data.memberships}
                    canShortlist={data.canShortlist}
                    onAdded={() => queryClient.invalidateQueries({ queryKey: talentKeys.profile(slug) })}
                  />
                )}
                {ScheduleInterview && (
                  <ScheduleInterview
                    slug={profile.slug}
                    name={`${profile.firstName} ${profile.lastName}`.trim()}
                    canSchedule={data.canShortlist}
                    stages={data.memberships.map((m) => m.stage)}
                    variant="secondary"
                  />
                )}
                {MessageButtons && (
                  <MessageButtons
                    name={`${profile.firstName} ${profile.lastName}`.trim()}
                    candidates={data.memberships.map((m) => ({ candidateId: m.candidateId, role: m.shortlistName }))}
                  />
                )}
                {data.publicUrl && (
                  <Button variant="secondary" onClick={() => share(data.publicUrl ?? '')}>
                    <Share2 className="h-4 w-4" aria-hidden="true" />
                    Share
                  </Button>
                )}
                {/* The shortlist control explains this itself when it is there. */}
                {!data.canShortlist && !ShortlistButton && (
                  <p className="flex basis-full items-center gap-2 text-sm text-muted">
                    <ShieldAlert className="h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
                    <span>
                      Verify your company before you shortlist talent.{' '}
                      <Link to={VERIFY_LINK} className="font-semibold text-brand-700 underline underline-offset-2">
                        Verify your company
                      </Link>
                    </span>
                  </p>
                )}
              </>
            }
          />
        </>
      ) : null}
    </main>
  );
}
