import type { PortfolioContentType } from '@talentloop/contract/api/portfolio';
import { AppError } from '../../http/app-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { KIND_MIME, isImageKind } from '../../infra/file-kind.ts';
import { PORTFOLIO_PRESET, reencodeImage } from '../../infra/images.ts';

// Portfolio files: pdf, jpg, jpeg, png, doc, docx (spec: profile-company §5 Portfolio), their kind
// decided from the bytes by the one sniffer as the multipart reader reads them (the contract's
// savePortfolio declaration). Images are re-encoded (metadata dropped); documents are kept as sent
// but only served as attachments to their owner.

export type PortfolioFile = { contentType: Exclude<PortfolioContentType, 'LINK'>; mime: string; data: Buffer };

/** The file as stored; a picture that does not decode answers TL_CORE_10093_E, an image bomb TL_CORE_10105_E. */
export async function storedPortfolioFile(file: UploadedFile): Promise<PortfolioFile> {
  if (!isImageKind(file.kind)) return { contentType: 'DOCUMENT', mime: KIND_MIME[file.kind], data: file.data };
  const image = await reencodeImage(file.data, PORTFOLIO_PRESET);
  if (!image) throw new AppError('TL_CORE_10093_E');
  return { contentType: 'IMAGE', ...image };
}
