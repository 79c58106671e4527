import { ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { API_BASE, tokenState } from '../lib/api-client.ts';
import { cn } from './cn.ts';

// A portfolio image as a thumbnail (issue 19: images had only an icon, for the owner and on the
// public page). A file of /api/files is the owner's and needs the session's token, which an <img>
// does not send: it is read with the token and shown from memory. Any other address (the public
// page's image link, a file just chosen) is shown as it is.

const OWN_FILES = `${API_BASE}/files/`;

/** The picture's address for an <img>: as given, or an object URL of a file read with the token. */
function useImageSource(src: string | Blob): string | null {
  const direct = typeof src === 'string' && !src.startsWith(OWN_FILES) ? src : null;
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (direct) return;
    let url: string | null = null;
    let cancelled = false;
    const controller = new AbortController();
    const show = (blob: Blob) => {
      if (cancelled) return;
      url = URL.createObjectURL(blob);
      setLoaded(url);
    };
    if (typeof src !== 'string') show(src);
    else {
      const token = tokenState.get();
      fetch(src, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        signal: controller.signal,
      })
        .then((res) => (res.ok ? res.blob().then(show) : undefined))
        .catch(() => {});
    }
    return () => {
      cancelled = true;
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      setLoaded(null);
    };
  }, [src, direct]);
  return direct ?? loaded;
}

/**
 * An image shown at a fixed size, cropped to fill it; the image icon until it has loaded, or if it
 * cannot be read. `alt` names what the picture is of.
 */
export function FileThumbnail({ src, alt, className }: { src: string | Blob; alt: string; className?: string }) {
  const source = useImageSource(src);
  const [failed, setFailed] = useState(false);
  const box = cn('h-16 w-16 shrink-0 overflow-hidden rounded-lg bg-brand-50', className);
  if (!source || failed)
    return (
      <span className={cn(box, 'flex items-center justify-center text-brand-700')}>
        <ImageIcon className="h-5 w-5" aria-hidden="true" />
      </span>
    );
  return (
    <img src={source} alt={alt} width={64} height={64} loading="lazy" className={cn(box, 'object-cover')} onError={() => setFailed(true)} />
  );
}
