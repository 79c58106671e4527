import { AppError } from '../../http/app-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { KIND_MIME, isImageKind } from '../../infra/file-kind.ts';
import { imageHeader } from '../../infra/images.ts';

// Verification documents (manual method, issue 11): pdf, doc, docx, jpg/jpeg, png, decided from the
// bytes by the one sniffer as the multipart reader reads them (the contract's submitCompanyDocuments
// declaration). Kept as sent (an operator reads the original), served only to the owner and
// operators, always as an attachment (files/routes.ts).

export const DOCUMENT_KIND = 'verification-document';

export type AcceptedDocument = { mime: string; data: Buffer };

/**
 * The document as stored. A picture that does not parse is refused (TL_CORE_11020_E), an image bomb
 * declaring a huge canvas too (TL_CORE_10105_E), both from its header: it is never decoded.
 */
export async function acceptVerificationDocument(file: UploadedFile): Promise<AcceptedDocument> {
  if (isImageKind(file.kind) && !(await imageHeader(file.data))) throw new AppError('TL_CORE_11020_E');
  return { mime: KIND_MIME[file.kind], data: file.data };
}
