import type { PortfolioContentType, PortfolioItem } from '@talentloop/contract/api/portfolio';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db/client.ts';
import { files, freelancerPortfolio } from '../../infra/db/schema.ts';
import { fileUrl } from '../../infra/storage.ts';

// Statements of the portfolio (issue 9).

/** The user's portfolio in order, with each file's type and size: one query however long the list. */
export async function readPortfolio(db: DbOrTx, userId: string): Promise<PortfolioItem[]> {
  const rows = await db
    .select({ item: freelancerPortfolio, fileMime: files.mime, fileSize: files.size })
    .from(freelancerPortfolio)
    .leftJoin(files, eq(files.id, freelancerPortfolio.fileId))
    .where(eq(freelancerPortfolio.userId, userId))
    .orderBy(asc(freelancerPortfolio.position));
  return rows.map(toPortfolioItem);
}

/** The user's portfolio items (id, file, type), locked for the rest of the transaction. */
export async function lockPortfolioItems(tx: DbOrTx, userId: string) {
  return tx
    .select({ id: freelancerPortfolio.id, fileId: freelancerPortfolio.fileId, contentType: freelancerPortfolio.contentType })
    .from(freelancerPortfolio)
    .where(eq(freelancerPortfolio.userId, userId))
    .for('update');
}

/** Replaces the user's portfolio rows with `rows` (kept items carry their ids). */
export async function replacePortfolioRows(tx: DbOrTx, userId: string, rows: (typeof freelancerPortfolio.$inferInsert)[]): Promise<void> {
  await tx.delete(freelancerPortfolio).where(eq(freelancerPortfolio.userId, userId));
  await tx.insert(freelancerPortfolio).values(rows);
}

/** A portfolio row (with its file's type and size) as the contract's item; shared with the operators' batch read. */
export function toPortfolioItem({
  item,
  fileMime,
  fileSize,
}: {
  item: typeof freelancerPortfolio.$inferSelect;
  fileMime: string | null;
  fileSize: number | null;
}): PortfolioItem {
  return {
    freelancerPortfolioId: item.id,
    portfolioTitle: item.portfolioTitle,
    portfolioDesc: item.portfolioDesc,
    portfolioSkills: item.portfolioSkills,
    portfolioUrl: item.contentType === 'LINK' ? item.portfolioUrl : null,
    contentType: (item.contentType === 'IMAGE' || item.contentType === 'DOCUMENT' ? item.contentType : 'LINK') as PortfolioContentType,
    fileUrl: item.fileId ? fileUrl(item.fileId) : null,
    fileMime: item.fileId ? (fileMime ?? null) : null,
    fileSize: item.fileId ? (fileSize ?? null) : null,
  };
}
