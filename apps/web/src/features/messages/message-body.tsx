import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { linkHost, splitLinks } from './message-text.ts';

// A message's text on screen (issue 36): React text nodes only (stored script is text, never
// markup), line breaks kept, and each web address shown as text until the reader clicks it; the
// click says where it leads and opens it in a new tab, without access back to this page.

export function MessageBody({ text }: { text: string }) {
  const [opening, setOpening] = useState<string | null>(null);
  const parts = splitLinks(text);
  return (
    <>
      <p className="break-words whitespace-pre-wrap">
        {parts.map((part, i) =>
          part.kind === 'text' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
            <span key={i}>{part.text}</span>
          ) : (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
              key={i}
              type="button"
              onClick={() => setOpening(part.href)}
              className="inline cursor-pointer break-all underline decoration-dotted underline-offset-2 hover:decoration-solid"
              aria-haspopup="dialog"
            >
              {part.text}
            </button>
          ),
        )}
      </p>
      {opening && (
        <Dialog
          open
          onOpenChange={(o) => (o ? undefined : setOpening(null))}
          title={`Open ${linkHost(opening)}?`}
          description="This link leads away from Talentloop. Open it only if you trust who sent it."
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpening(null)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  window.open(opening, '_blank', 'noopener,noreferrer');
                  setOpening(null);
                }}
              >
                Open link
              </Button>
            </>
          }
        >
          <p className="rounded-xl bg-surface px-3 py-2 font-mono text-sm break-all text-ink">{opening}</p>
        </Dialog>
      )}
    </>
  );
}
