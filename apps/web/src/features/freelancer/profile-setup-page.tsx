import { Sparkles } from 'lucide-react';
import { useSession } from '../../lib/session-store.ts';

/** Placeholder until the onboarding wizard lands (issue 5). */
export function ProfileSetupPage() {
  const user = useSession((s) => s.user);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <section className="rounded-[var(--radius-card)] border border-line bg-white p-8 shadow-sm">
        <Sparkles className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Welcome, {user?.firstName}! Let's set up your profile</h1>
        <p className="mt-2 text-muted">
          Your email is verified. Next you'll add your profile basics, education and experience, and work preferences, so we can match you
          to the right clients.
        </p>
      </section>
    </main>
  );
}
