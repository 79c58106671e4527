import { Pause, Play } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';
import { cn } from '../../ui/cn.ts';
import { TALENTS, type Talent } from './talents.ts';

/**
 * The hero's auto-scrolling strip of talent illustrations. Each card shows its skill on hover and
 * on keyboard focus (and always on touch screens, which have no hover). The strip pauses while
 * hovered or focused, has a pause button (WCAG 2.2.2), and stands still for prefers-reduced-motion,
 * where it scrolls by hand instead. spec: auth-onboarding §2 Landing
 */
export function HeroStrip() {
  const [paused, setPaused] = useState(false);
  // The first paint shows one copy standing still, pictures not yet requested; the pictures, the loop
  // copy and the motion follow right after, so nothing delays the first paint of the headline.
  const [moving, setMoving] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setMoving(true)), 1000), []);
  return (
    <div>
      <div className="group/strip relative overflow-hidden py-2 motion-reduce:overflow-x-auto">
        {/* Soft edges: plain gradients over the strip (cheaper to paint than a mask on a moving layer). */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 z-10 w-8 bg-gradient-to-r from-white sm:w-16" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 z-10 w-8 bg-gradient-to-l from-white sm:w-16" />
        <div
          className={cn(
            'flex w-max motion-reduce:animate-none',
            moving && 'animate-[tl-marquee_60s_linear_infinite]',
            'group-hover/strip:[animation-play-state:paused] group-focus-within/strip:[animation-play-state:paused]',
            paused && '[animation-play-state:paused]',
          )}
        >
          <TalentList pictures={moving} />
          {/* The second copy makes the loop seamless; it is hidden from assistive technology and the keyboard. */}
          {moving && <TalentList pictures copy />}
        </div>
      </div>
      <div className="mx-auto mt-4 flex max-w-6xl justify-end px-4 sm:px-6 motion-reduce:hidden">
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-white px-3 text-xs font-medium text-muted shadow-sm hover:text-ink"
        >
          {paused ? <Play className="h-3.5 w-3.5" aria-hidden="true" /> : <Pause className="h-3.5 w-3.5" aria-hidden="true" />}
          {paused ? 'Play' : 'Pause'}
          <span className="sr-only"> the talent strip</span>
        </button>
      </div>
    </div>
  );
}

function TalentList({ copy = false, pictures }: { copy?: boolean; pictures: boolean }) {
  return (
    <ul
      // Spacing is padding, not a gap between the copies, so each copy is exactly half the track.
      className={cn('flex shrink-0 gap-4 pr-4 sm:gap-6 sm:pr-6', copy && 'motion-reduce:hidden')}
      aria-label={copy ? undefined : 'Skills of our vetted talent'}
      aria-hidden={copy || undefined}
      inert={copy}
    >
      {TALENTS.map((t) => (
        <li key={t.slug}>
          <TalentCard talent={t} focusable={!copy} picture={pictures} />
        </li>
      ))}
    </ul>
  );
}

function TalentCard({ talent, focusable, picture }: { talent: Talent; focusable: boolean; picture: boolean }) {
  return (
    // Focusable so keyboard users get the caption that mouse users get on hover.
    <figure tabIndex={focusable ? 0 : -1} className="group/card relative m-0 overflow-hidden rounded-2xl shadow-sm ring-1 ring-black/5">
      {picture ? (
        <img
          src={`/landing/talent/${talent.slug}.svg`}
          alt={talent.alt}
          width={240}
          height={300}
          decoding="async"
          style={{ backgroundColor: talent.tint }}
          className="block h-[225px] w-[180px] sm:h-[300px] sm:w-[240px]"
        />
      ) : (
        <div
          role="img"
          aria-label={talent.alt}
          style={{ backgroundColor: talent.tint }}
          className="h-[225px] w-[180px] sm:h-[300px] sm:w-[240px]"
        />
      )}
      <figcaption
        className={cn(
          'absolute inset-x-2 bottom-2 translate-y-2 rounded-xl bg-ink/85 px-3 py-2 text-sm font-semibold text-white opacity-0 backdrop-blur-sm transition',
          'group-hover/card:translate-y-0 group-hover/card:opacity-100 group-focus-visible/card:translate-y-0 group-focus-visible/card:opacity-100',
          '[@media(hover:none)]:translate-y-0 [@media(hover:none)]:opacity-100',
        )}
      >
        {talent.skill}
      </figcaption>
    </figure>
  );
}
