import { paths } from '@talentloop/contract';
import { BriefcaseBusiness } from 'lucide-react';
import { Link } from 'react-router';
import { sessionStore } from '../../lib/session-store.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';

/** Sign-up opens on "Hire Talent" (a company account) for someone who came to hire. */
export const hireTalent = () => sessionStore.setRole('client');

/** A link to sign up as a company: "Hire talent", or the text given. */
export function HireTalentLink({ className, children = 'Hire talent' }: { className?: string; children?: React.ReactNode }) {
  return (
    <Link to={paths.signup} onClick={hireTalent} className={className}>
      {children}
    </Link>
  );
}

/**
 * The site header of a page a visitor may reach from a shared link (a public talent page): the
 * logo home, Log in, Sign up and Hire talent (issue 19: the page was a dead end). On phones, where
 * the three do not fit beside the logo, Hire talent is the profile's own Hire button. Signed in:
 * the logo only.
 */
export function VisitorHeader({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        {!signedIn && (
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
            <span className="hidden md:contents">
              <HireTalentLink className={buttonClass('ghost', 'whitespace-nowrap')}>
                <BriefcaseBusiness className="h-4 w-4" aria-hidden="true" />
                Hire talent
              </HireTalentLink>
            </span>
            <Link to={paths.login} className={buttonClass('ghost', 'whitespace-nowrap')}>
              Log in
            </Link>
            <Link to={paths.signup} className={buttonClass('primary', 'px-4 whitespace-nowrap')}>
              Sign up
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
