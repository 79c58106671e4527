import { BRAND, paths } from '@talentloop/contract';
import { VISIBILITY_LABELS } from '@talentloop/contract/api/account';
import { ArrowLeft, EyeOff, Share2, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../ui/alert.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { notify } from '../../ui/toast.ts';
import { sectionSearch } from '../profile-editor/editor-menu.ts';
import { usePublicPreview } from './api/get-public-preview.ts';
import { ProfileSkeleton, ProfileView } from './profile-view.tsx';

/** Copies text to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * /freelancer/public-view: the freelancer's own saved profile exactly as a company sees it, with
 * Back and Share (copies the stable public link). spec: profile-company §2 Freelancer public profile
 * preview (made real: issue 10)
 */
export function PublicViewPage() {
  const preview = usePublicPreview();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const before = document.title;
    document.title = `Public profile · ${BRAND.name}`;
    return () => {
      document.title = before;
    };
  }, []);

  const back = () => {
    // Back to where the user came from; a page opened directly (the router's first location, keyed
    // 'default') goes to the profile editor.
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.freelancer.viewProfile);
  };

  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" className="-ml-3 px-3" onClick={back}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back
        </Button>
        <p className="text-sm text-muted">This is how companies see your profile.</p>
      </div>

      {preview.isPending ? (
        <ProfileSkeleton />
      ) : preview.isError ? (
        <div className="space-y-3">
          <Alert>Failed to load your public profile. Please try again.</Alert>
          <Button variant="secondary" onClick={() => preview.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          {preview.data.visibility !== 'public' && (
            <div className="mb-5 flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-start gap-2 text-sm text-ink">
                {preview.data.visibility === 'hidden' ? (
                  <EyeOff className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                ) : (
                  <Users className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
                )}
                <span>
                  <span className="font-semibold">{VISIBILITY_LABELS[preview.data.visibility].label}.</span>{' '}
                  {VISIBILITY_LABELS[preview.data.visibility].hint}
                </span>
              </p>
              <Link to={paths.freelancer.viewProfile + sectionSearch('privacy')} className={buttonClass('secondary', 'shrink-0')}>
                Privacy settings
              </Link>
            </div>
          )}
          <ProfileView
            profile={preview.data.profile}
            actions={
              <Button
                variant="primary"
                onClick={async () => {
                  const ok = await copyText(preview.data.publicUrl);
                  if (ok) notify.success('Link copied', preview.data.publicUrl);
                  else notify.error('Copy failed', `Copy this link: ${preview.data.publicUrl}`);
                }}
              >
                <Share2 className="h-4 w-4" aria-hidden="true" />
                Share
              </Button>
            }
          />
        </>
      )}
    </main>
  );
}
