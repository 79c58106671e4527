import type { MessageFile } from '@talentloop/contract/api/messages';
import { getMessageFile } from '@talentloop/contract/api/messages';
import { fillPath } from '@talentloop/contract/api/define';
import { API_BASE } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';

// A file sent in a conversation is read with the session's token (a plain link sends none) and
// saved under the server's name for it (issue 36); the browser never renders it as a page.

export async function downloadMessageFile(conversationId: string, file: MessageFile) {
  const url = API_BASE + fillPath(getMessageFile.path, { conversationId, fileId: file.id });
  const res = await readOwnFile(url);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
