import { paths } from '@talentloop/contract';
import { ExternalLink, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/use-config.ts';
import { buttonClass } from '../../ui/button.tsx';

// The signed-in freelancer's pages before there is work to show (the dashboard: features/talent-status). Headings, texts and links are the
// spec's, word for word. spec: auth-onboarding §2 Empty-state pages

const QUIET_HEADING = "Looks like the board's quiet today\u2026";

export function WorkManagementPage() {
  return (
    <EmptyState
      illustration="quiet-board"
      heading={QUIET_HEADING}
      text="but great gigs are just around the corner. Stay tuned and keep your profile sharp!"
    >
      <MyProfileLink />
    </EmptyState>
  );
}

export function CommunityPage() {
  const { data: config } = usePublicConfig();
  return (
    <EmptyState
      illustration="community"
      heading={QUIET_HEADING}
      text="To get an exclusive early access to social network of remote workers, fill out the form below:"
    >
      {config ? (
        <a href={config.communityFormUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
          Click Here
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : (
        // Same size as the link, until the address arrives from GET /api/config.
        <span aria-hidden="true" className="inline-block h-11 w-36 animate-pulse rounded-xl bg-line" />
      )}
    </EmptyState>
  );
}

function MyProfileLink() {
  return (
    <Link to={paths.freelancer.viewProfile} className={buttonClass('primary')}>
      <UserRound className="h-4 w-4" aria-hidden="true" />
      My Profile
    </Link>
  );
}

export function EmptyState({
  illustration,
  heading,
  text,
  children,
}: {
  illustration: 'talent-pool' | 'quiet-board' | 'community';
  heading: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <main className="flex flex-1 items-center justify-center px-4 py-10 sm:px-6 sm:py-16">
      <section className="w-full max-w-xl rounded-[var(--radius-card)] border border-line bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14">
        <img src={`/illustrations/${illustration}.svg`} alt="" width={320} height={220} className="mx-auto h-auto w-full max-w-[280px]" />
        <h1 className="mt-8 text-2xl font-bold tracking-tight text-balance">{heading}</h1>
        <p className="mx-auto mt-3 max-w-md text-pretty text-muted">{text}</p>
        <div className="mt-8 flex justify-center">{children}</div>
      </section>
    </main>
  );
}
