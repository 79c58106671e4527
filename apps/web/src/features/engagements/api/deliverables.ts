import { fillPath } from '@talentloop/contract/api/define';
import { downloadMilestoneFile, uploadMilestoneFile } from '@talentloop/contract/api/engagements';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, upload } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';

/** Uploads one deliverable for a milestone the freelancer can submit: its id, type and size (decision 243). */
export function useUploadDeliverable() {
  return useMutation({
    mutationFn: ({ milestoneId, file }: { milestoneId: string; file: File }) =>
      upload(uploadMilestoneFile, { files: { file } }, { params: { milestoneId } }),
  });
}

/** Saves a file the milestone's submission names (the company's download), read with the session's token. */
export function useDownloadDeliverable() {
  return useMutation({
    mutationFn: async ({ milestoneId, fileId, name }: { milestoneId: string; fileId: string; name: string }) => {
      const res = await readOwnFile(API_BASE + fillPath(downloadMilestoneFile.path, { milestoneId, fileId }));
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    },
  });
}
