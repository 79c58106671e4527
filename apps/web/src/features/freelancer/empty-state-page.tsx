import { paths } from '@talentloop/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button.tsx';

/** spec: auth-onboarding §2 Empty-state pages */
export function DashboardPage() {
  return (
    <EmptyState
      heading="Looks like there's nothing here yet."
      text="We have added your profile to the talent pool. You will get a mail when you are shortlisted."
    >
      <Link to={paths.freelancer.viewProfile} className={buttonClass('primary')}>
        My Profile
      </Link>
    </EmptyState>
  );
}

export function EmptyState({ heading, text, children }: { heading: string; text: string; children: React.ReactNode }) {
  return (
    <main className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-3 text-muted">{text}</p>
        <div className="mt-6">{children}</div>
      </section>
    </main>
  );
}
