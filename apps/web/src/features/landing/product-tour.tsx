import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../ui/cn.ts';

/**
 * The landing video: a short, silent tour recorded from the product's real screens. A click (or the
 * button) plays and pauses it; scrolling the page pauses it. spec: auth-onboarding §2 Landing
 */
export function ProductTour() {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!playing) return;
    const pause = () => video.current?.pause();
    window.addEventListener('scroll', pause, { passive: true });
    return () => window.removeEventListener('scroll', pause);
  }, [playing]);

  function toggle() {
    const v = video.current;
    if (!v) return;
    if (v.paused) v.play().catch(() => setPlaying(false));
    else v.pause();
  }

  return (
    <figure className="m-0">
      <div className="group/tour relative overflow-hidden rounded-3xl border border-line bg-surface shadow-xl shadow-brand-900/5">
        {/* Clicking the picture toggles it too; the button below is the keyboard and screen-reader control. */}
        <video
          ref={video}
          className="block aspect-video h-auto w-full cursor-pointer"
          width={1280}
          height={720}
          poster="/landing/tour-poster.webp"
          preload="none"
          muted
          playsInline
          loop
          onClick={toggle}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          aria-label="Product tour video"
        >
          <source src="/landing/tour.webm" type="video/webm" />
          <track kind="captions" src="/landing/tour.en.vtt" srcLang="en" label="English" default />
        </video>
        <button
          type="button"
          onClick={toggle}
          aria-pressed={playing}
          className={cn(
            'absolute flex items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition hover:bg-brand-800',
            playing
              ? 'right-4 bottom-4 h-11 w-11 opacity-0 group-hover/tour:opacity-100 focus-visible:opacity-100'
              : 'inset-0 m-auto h-16 w-16 sm:h-20 sm:w-20',
          )}
        >
          {playing ? <Pause className="h-5 w-5" aria-hidden="true" /> : <Play className="ml-1 h-7 w-7 sm:h-8 sm:w-8" aria-hidden="true" />}
          <span className="sr-only">{playing ? 'Pause the product tour' : 'Play the product tour'}</span>
        </button>
      </div>
      <figcaption className="mt-4 text-center text-sm text-muted">
        A silent tour with captions, under 20 seconds: sign up, verify your email with a code, and land on your dashboard.
      </figcaption>
    </figure>
  );
}
