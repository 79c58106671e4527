import { PORTFOLIO_MAX_ITEMS } from '@talentloop/contract';
import type { PortfolioContentType, PortfolioItem, PortfolioSaveBody } from '@talentloop/contract/api/portfolio';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db, DbOrTx } from '../../infra/db/client.ts';
import type { freelancerPortfolio } from '../../infra/db/schema.ts';
import type { FileStorage, StagedBlob } from '../../infra/storage.ts';
import { checkAndBumpVersion, readVersion } from '../freelancer-profile/versions.ts';
import type { PortfolioFile } from './files.ts';
import {
  lockPortfolioItems,
  readPortfolio as readPortfolioRows,
  replacePortfolioRows,
  toPortfolioItem as toPortfolioItemOf,
} from './queries.ts';

type SaveInput = z.output<typeof PortfolioSaveBody>;

export const PORTFOLIO_FILE_KINDS: Record<Exclude<PortfolioContentType, 'LINK'>, string> = {
  IMAGE: 'portfolio-image',
  DOCUMENT: 'portfolio-document',
};

/** The user's portfolio in order: offered to other features (the public profile) from here. */
export function readPortfolio(db: DbOrTx, userId: string): Promise<PortfolioItem[]> {
  return readPortfolioRows(db, userId);
}

/** A portfolio row (with its file's type and size) as the API shows it (the vetting queue reads rows in batches). */
export function toPortfolioItem(row: Parameters<typeof toPortfolioItemOf>[0]): PortfolioItem {
  return toPortfolioItemOf(row);
}

export async function readPortfolioVersion(db: Db, userId: string): Promise<number> {
  return readVersion(db, userId, 'portfolio');
}

/**
 * Checks what a save asks for before anything is written: 1 to 2 items; each a URL or a file (a kept
 * item may keep its file by sending neither); every attached file named by exactly one item; no id
 * twice. Ids that are not the caller's are treated as new items (never touched).
 */
export function checkPortfolioSave(input: SaveInput, fileCount: number) {
  const items = input.portfolioDetails;
  // The contract schema already refused these; kept here so the rule holds for any caller.
  if (items.length > PORTFOLIO_MAX_ITEMS) throw new AppError('TL_CORE_10120_E');
  if (items.length === 0) throw new AppError('TL_CORE_00400_E', 'Please add at least one portfolio item');
  const usedFiles = new Set<number>();
  const ids = new Set<string>();
  for (const item of items) {
    if (item.portfolioUrl && item.fileIndex) throw new AppError('TL_CORE_10122_E', 'Choose either a URL or a file, not both.');
    if (item.fileIndex) {
      if (item.fileIndex > fileCount) throw new AppError('TL_CORE_10123_E');
      if (usedFiles.has(item.fileIndex)) throw new AppError('TL_CORE_00400_E', 'Two portfolio items name the same file.');
      usedFiles.add(item.fileIndex);
    }
    if (item.freelancerPortfolioId) {
      if (ids.has(item.freelancerPortfolioId)) throw new AppError('TL_CORE_00400_E', 'The same portfolio item is sent twice.');
      ids.add(item.freelancerPortfolioId);
    }
  }
  if (usedFiles.size !== fileCount) throw new AppError('TL_CORE_00400_E', 'Every attached file must belong to a portfolio item.');
}

/**
 * Replaces the portfolio in one transaction: the version check and bump, new files stored, kept
 * items keep their ids and (when they send neither URL nor file) their files, files of removed or
 * replaced items deleted. Any failure rolls all of it back.
 */
export async function savePortfolio(
  deps: { db: Db; clock: Clock; storage: FileStorage },
  userId: string,
  input: SaveInput,
  uploads: PortfolioFile[],
): Promise<number> {
  checkPortfolioSave(input, uploads.length);
  // Bytes first, outside the transaction (a bucket upload); a save that then fails leaves them to
  // the orphan cleanup, and a failed write here changes nothing.
  const staged: StagedBlob[] = [];
  for (const upload of uploads) staged.push(await deps.storage.stage(upload.data));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const version = await checkAndBumpVersion(tx, userId, 'portfolio', now, input.version);
    const own = new Map((await lockPortfolioItems(tx, userId)).map((r) => [r.id, r]));
    const keptFiles = new Set<string>();
    const rows: (typeof freelancerPortfolio.$inferInsert)[] = [];
    for (const [position, item] of input.portfolioDetails.entries()) {
      const previous = item.freelancerPortfolioId ? own.get(item.freelancerPortfolioId) : undefined;
      let contentType: PortfolioContentType;
      let fileId: string | null = null;
      let portfolioUrl: string | null = null;
      if (item.portfolioUrl) {
        contentType = 'LINK';
        portfolioUrl = item.portfolioUrl;
      } else if (item.fileIndex) {
        const upload = uploads[item.fileIndex - 1];
        const blob = staged[item.fileIndex - 1];
        if (!upload || !blob) throw new AppError('TL_CORE_10123_E');
        contentType = upload.contentType;
        fileId = await deps.storage.put(tx, {
          ownerId: userId,
          kind: PORTFOLIO_FILE_KINDS[upload.contentType],
          mime: upload.mime,
          blob,
          now,
        });
      } else if (previous?.fileId) {
        contentType = previous.contentType === 'IMAGE' ? 'IMAGE' : 'DOCUMENT';
        fileId = previous.fileId;
        keptFiles.add(previous.fileId);
      } else {
        throw new AppError('TL_CORE_10122_E');
      }
      rows.push({
        ...(previous ? { id: previous.id } : {}),
        userId,
        portfolioTitle: item.portfolioTitle,
        portfolioDesc: item.portfolioDesc,
        portfolioSkills: item.portfolioSkills,
        portfolioUrl,
        contentType,
        fileId,
        position,
      });
    }
    await replacePortfolioRows(tx, userId, rows);
    for (const old of own.values()) {
      if (old.fileId && !keptFiles.has(old.fileId)) await deps.storage.remove(tx, old.fileId);
    }
    return version;
  });
}
