import { fillPath } from '@talentloop/contract/api/define';
import { downloadMilestoneFile, uploadMilestoneFile } from '@talentloop/contract/api/engagements';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, upload } from '../../../lib/api-client.ts';

/** Uploads one deliverable for a milestone the freelancer can submit: its id, type and size (decision 243). */
export function useUploadDeliverable() {
  return useMutation({
    mutationFn: ({ milestoneId, file }: { milestoneId: string; file: File }) =>
      upload(uploadMilestoneFile, { files: { file } }, { params: { milestoneId } }),
  });
}

/** Where a file the milestone's submission names is read (the company's download, with the session's token). */
export const deliverableUrl = (milestoneId: string, fileId: string) =>
  API_BASE + fillPath(downloadMilestoneFile.path, { milestoneId, fileId });
