import { BRAND, paths } from '@talentloop/contract';
import { ArrowLeft, BriefcaseBusiness } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { DemoNote } from '../../ui/demo-note.tsx';
import { usePublicProfile } from './api/get-public-profile.ts';
import { ProfileSkeleton, ProfileView } from './profile-view.tsx';
import { HireTalentLink, VisitorHeader } from './visitor-header.tsx';

/**
 * /talent/:slug, the public link: opens for anyone when the freelancer made the profile public,
 * answers 'Not found' otherwise (hidden, companies only, or no such link). issue 10
 */
export function TalentPage() {
  const { slug = '' } = useParams();
  const query = usePublicProfile(slug);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const profile = query.data?.profile;
  const signedIn = useSession((s) => s.user !== null);

  useEffect(() => {
    const before = document.title;
    document.title = profile
      ? `${profile.firstName} ${profile.lastName}${profile.occupation ? ` · ${profile.occupation}` : ''} · ${BRAND.name}`
      : notFound
        ? `Not found · ${BRAND.name}`
        : BRAND.name;
    return () => {
      document.title = before;
    };
  }, [profile, notFound]);

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <VisitorHeader signedIn={signedIn} />
      <main id="main-content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
        {query.isPending ? (
          <ProfileSkeleton />
        ) : notFound ? (
          <div className="flex flex-col items-center py-16 text-center">
            <img src="/illustrations/not-found.svg" alt="" width={320} height={220} className="h-auto w-full max-w-[280px]" />
            <h1 className="mt-8 text-3xl font-bold tracking-tight">Not found</h1>
            <p className="mt-3 max-w-sm text-muted">This profile does not exist or is not public.</p>
            <Link to={paths.home} className={buttonClass('primary', 'mt-8')}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Go to the home page
            </Link>
          </div>
        ) : query.isError ? (
          <div className="space-y-3">
            <h1 className="text-xl font-bold">Profile</h1>
            <Alert>Failed to connect to server. Please try again later.</Alert>
            <Button variant="secondary" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : profile ? (
          <>
            {profile.demo && <DemoNote />}
            <ProfileView
              profile={profile}
              actions={
                // Someone signed in already has their way around; a visitor is offered the next step.
                signedIn ? undefined : (
                  <HireTalentLink className={buttonClass('primary')}>
                    <BriefcaseBusiness className="h-4 w-4" aria-hidden="true" />
                    Hire {profile.firstName}
                  </HireTalentLink>
                )
              }
            />
          </>
        ) : null}
      </main>
    </div>
  );
}
