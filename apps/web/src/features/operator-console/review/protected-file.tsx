import { type InlinePreviewType, isInlinePreviewType } from '@talentloop/contract/api/uploads';
import { Download, FileText } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';
import { notify } from '../../../ui/toast.ts';

// Documents in the console (issue 21): a document of /api/files needs the operator's token, which an
// <iframe> or <img> does not send, so its bytes are read with the token and shown from memory (a
// blob: URL typed by us, never by the file). Only the types the server previews inline (a PDF or a
// picture whose bytes sniff as its type, `?inline=1`) are shown; every other type is a download.
// PDFs render in the browser's PDF viewer inside an iframe: never as HTML, and never from the
// file's own claim of its type (the blob is made with the type the server sniffed).

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** Saves a protected file under a name of ours (`<name>.<ext>`). */
export async function downloadFile(url: string, mime: string | null, name: string) {
  try {
    const res = await readOwnFile(url);
    const blob = new Blob([await res.arrayBuffer()], { type: 'application/octet-stream' });
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = `${name}.${(mime && EXTENSIONS[mime]) || 'bin'}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 0);
  } catch {
    notify.error('Download failed', 'The file could not be read. Please try again.');
  }
}

type Preview = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/** The blob: URL of a previewable file read with `?inline=1`, typed `mime`; revoked when done. */
function usePreview(url: string, mime: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let src: string | null = null;
    setPreview({ state: 'loading' });
    readOwnFile(`${url}?inline=1`, controller.signal)
      .then(async (res) => {
        // The server says inline only when the bytes are this type; anything else is not shown.
        const disposition = res.headers.get('content-disposition') ?? '';
        if (!disposition.startsWith('inline') || res.headers.get('content-type') !== mime) throw new Error('not previewable');
        src = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: mime }));
        if (!controller.signal.aborted) setPreview({ state: 'ready', src });
      })
      .catch(() => {
        if (!controller.signal.aborted) setPreview({ state: 'failed' });
      });
    return () => {
      controller.abort();
      if (src) URL.revokeObjectURL(src);
    };
  }, [url, mime]);
  return preview;
}

/**
 * A document shown inside the console: a PDF in a frame, a picture as an image, anything else (or a
 * preview that fails) as a download. `title` names it for screen readers; `name` is the saved file's.
 */
export function DocumentPreview({
  url,
  mime,
  title,
  name,
  className,
  showDownload = true,
}: {
  url: string;
  mime: string | null;
  title: string;
  name: string;
  className?: string;
  /** Off where the page already offers the download beside the preview. */
  showDownload?: boolean;
}) {
  const download = showDownload && (
    <Button variant="secondary" onClick={() => downloadFile(url, mime, name)}>
      <Download className="h-4 w-4" aria-hidden="true" />
      Download
    </Button>
  );
  if (!isInlinePreviewType(mime)) {
    return (
      <div className={cn('flex flex-col items-start gap-3 rounded-xl border border-dashed border-line bg-surface p-5', className)}>
        <p className="flex items-center gap-2 text-sm text-muted">
          <FileText className="h-5 w-5 shrink-0" aria-hidden="true" />
          This file type ({(mime && EXTENSIONS[mime]?.toUpperCase()) || 'unknown'}) is not previewed here. Download it to read it.
        </p>
        {download}
      </div>
    );
  }
  return <PreviewFrame url={url} mime={mime} title={title} download={download} className={className} />;
}

function PreviewFrame({
  url,
  mime,
  title,
  download,
  className,
}: {
  url: string;
  mime: InlinePreviewType;
  title: string;
  download: ReactNode;
  className?: string;
}) {
  const preview = usePreview(url, mime);
  return (
    <div className={cn('space-y-3', className)}>
      {preview.state === 'loading' && <div aria-hidden="true" className="h-[60vh] min-h-80 animate-pulse rounded-xl bg-surface" />}
      {preview.state === 'failed' && <Alert>The preview could not be shown. Download the file to read it.</Alert>}
      {preview.state === 'ready' &&
        (mime === 'application/pdf' ? (
          // Not `sandbox`: Chromium refuses to show any PDF in a sandboxed frame. The frame holds
          // our own blob typed application/pdf (bytes the server sniffed as PDF), shown by the
          // browser's PDF viewer; never HTML. .work-notes/review-queues.md
          // The whole page fitted in the frame (`#view=Fit`, which the PDF viewer reads), in a frame
          // shaped like a page: at the viewer's default width-zoom a narrow column showed only the
          // top of the page, and on a phone a strip of it (issue 32: 'the preview is clipped').
          <iframe
            src={`${preview.src}#view=Fit`}
            title={title}
            referrerPolicy="no-referrer"
            className="aspect-[1/1.414] max-h-[85vh] min-h-80 w-full rounded-xl border border-line bg-surface"
          />
        ) : (
          <img
            src={preview.src}
            alt={title}
            className="max-h-[70vh] w-auto max-w-full rounded-xl border border-line bg-surface object-contain"
          />
        ))}
      {download && <div className="flex flex-wrap gap-2">{download}</div>}
    </div>
  );
}
