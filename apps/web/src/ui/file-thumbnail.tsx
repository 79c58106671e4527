import { pathPrefix } from '@talentloop/contract/api/define';
import { FILE_PATH, isInlinePreviewType } from '@talentloop/contract/api/uploads';
import { ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { API_BASE, refreshSession, tokenState } from '../lib/api-client.ts';
import { cn } from './cn.ts';
import { notify } from './toast.ts';

// A portfolio image as a thumbnail (issue 19: images had only an icon, for the owner and on the
// public page). A file of /api/files is the owner's and needs the session's token, which an <img>
// does not send: it is read with the token and shown from memory. Any other address (the public
// page's image link, a file just chosen) is shown as it is.

const OWN_FILES = API_BASE + pathPrefix(FILE_PATH);

/** True for a file of /api/files: it needs the session's token, which a plain link does not send. */
export const isOwnFileUrl = (url: string) => url.startsWith(OWN_FILES);

/**
 * Reads a file of /api/files with the session's token (an <img>, <iframe> or link sends none). An
 * access token that expired while the page stayed open (an operator's long session in the console)
 * answers 401: the session is renewed once and the read tried again, as `call` does.
 */
export async function readOwnFile(url: string, signal?: AbortSignal): Promise<Response> {
  const read = () => {
    const token = tokenState.get();
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include', signal });
  };
  let res = await read();
  if (res.status === 401) {
    await refreshSession();
    res = await read();
  }
  if (!res.ok) throw new Error(`file ${res.status}`);
  return res;
}

/**
 * Opens a file of /api/files in a new tab: read with the token (`?inline=1`, so the server says
 * whether the bytes really are a PDF or a picture) and shown from memory, typed by the server's
 * sniffed type, never as HTML. Anything the server does not preview is saved as a download. The
 * tab is opened at once, in the click, so a popup blocker lets it through.
 */
export async function openOwnFile(url: string, name = 'file'): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  try {
    const res = await readOwnFile(`${url}?inline=1`);
    const type = res.headers.get('content-type') ?? '';
    const inline = (res.headers.get('content-disposition') ?? '').startsWith('inline') && isInlinePreviewType(type);
    const href = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: inline ? type : 'application/octet-stream' }));
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
    if (inline && tab) {
      tab.location.href = href;
      return;
    }
    tab?.close();
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } catch {
    tab?.close();
    notify.error('The file could not be opened', 'Please try again.');
  }
}

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
      readOwnFile(src, controller.signal)
        .then((res) => res.blob().then(show))
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
