import { fillPath } from '@talentloop/contract/api/define';
import { downloadCompanyInvoice, downloadFreelancerStatement } from '@talentloop/contract/api/invoices';
import { useMutation } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client.ts';
import { readOwnFile } from '../../../ui/file-thumbnail.tsx';
import type { Side } from './get-documents.ts';

/** The address of a document's PDF (the company's invoice or the freelancer's statement). */
export const documentPdfUrl = (side: Side, invoiceId: string) =>
  API_BASE + fillPath((side === 'company' ? downloadCompanyInvoice : downloadFreelancerStatement).path, { invoiceId });

/**
 * Opens a document's PDF in a new tab: read with the session's token (a link sends none) and shown
 * from memory as a PDF. The tab opens in the click, so a popup blocker lets it through; without a tab
 * the file is saved instead.
 */
export function useOpenDocumentPdf() {
  return useMutation({
    mutationFn: async ({ side, invoiceId, name }: { side: Side; invoiceId: string; name: string }) => {
      const tab = window.open('about:blank', '_blank');
      if (tab) tab.opener = null;
      try {
        const res = await readOwnFile(documentPdfUrl(side, invoiceId));
        const href = URL.createObjectURL(new Blob([await res.arrayBuffer()], { type: 'application/pdf' }));
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
        if (tab) {
          tab.location.href = href;
          return;
        }
        const a = document.createElement('a');
        a.href = href;
        a.download = `${name}.pdf`;
        a.click();
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  });
}
