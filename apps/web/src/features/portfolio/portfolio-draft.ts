import { PORTFOLIO_MAX_ITEMS } from '@talentloop/contract';
import type { PortfolioItem } from '@talentloop/contract/api/portfolio';
import type { PortfolioItemBodyInput } from '@talentloop/contract/validation/profile-editor';

// The portfolio's local list: add, edit and remove happen here, then Save sends the whole list at
// once. spec: profile-company §4 (Portfolio: a modal with add and edit; a URL or a file; the last
// item cannot be removed), §5 Portfolio (at most 2 items), §7 (multipart save: profileData JSON plus
// one portfolioContent part per attached file, linked by the 1-based fileIndex).

/** What an item shows: a link, or a stored or newly chosen file. */
export type PortfolioContent =
  | { kind: 'url'; url: string }
  | { kind: 'stored'; url: string; contentType: string; mime: string | null; size: number | null }
  | { kind: 'file'; file: File };

export type PortfolioDraft = {
  /** Local key for React lists and edits; never sent. */
  key: string;
  /** The server's id for a saved item, null for a new one. */
  freelancerPortfolioId: string | null;
  portfolioTitle: string;
  portfolioDesc: string;
  portfolioSkills: string[];
  content: PortfolioContent;
};

/** A saved item as the server answers it. */
export type PortfolioSaved = PortfolioItem;

let counter = 0;
export const newKey = () => `draft-${++counter}`;

export function fromSaved(items: readonly PortfolioSaved[]): PortfolioDraft[] {
  return items.map((item) => ({
    key: item.freelancerPortfolioId,
    freelancerPortfolioId: item.freelancerPortfolioId,
    portfolioTitle: item.portfolioTitle,
    portfolioDesc: item.portfolioDesc,
    portfolioSkills: [...item.portfolioSkills],
    content:
      item.contentType === 'LINK'
        ? { kind: 'url', url: item.portfolioUrl ?? '' }
        : { kind: 'stored', url: item.fileUrl ?? '', contentType: item.contentType, mime: item.fileMime, size: item.fileSize },
  }));
}

export const canAdd = (items: readonly PortfolioDraft[]) => items.length < PORTFOLIO_MAX_ITEMS;
/** The last remaining item cannot be removed. spec: §4, §5 */
export const canRemove = (items: readonly PortfolioDraft[]) => items.length > 1;

export function upsert(items: readonly PortfolioDraft[], item: PortfolioDraft): PortfolioDraft[] {
  const at = items.findIndex((i) => i.key === item.key);
  if (at === -1) return canAdd(items) ? [...items, item] : [...items];
  return items.map((i) => (i.key === item.key ? item : i));
}

export function remove(items: readonly PortfolioDraft[], key: string): PortfolioDraft[] {
  if (!canRemove(items)) return [...items];
  return items.filter((i) => i.key !== key);
}

/** A comparable picture of the list, so Save is enabled only when something changed. */
export function signature(items: readonly PortfolioDraft[]): string {
  return JSON.stringify(
    items.map((i) => [
      i.freelancerPortfolioId,
      i.portfolioTitle,
      i.portfolioDesc,
      i.portfolioSkills,
      i.content.kind === 'file' ? ['file', i.key, i.content.file.name, i.content.file.size] : [i.content.kind, i.content.url],
    ]),
  );
}

export type PortfolioWireItem = PortfolioItemBodyInput;

/**
 * The multipart body's parts: the items as JSON (a newly attached file is named by its 1-based
 * position among the files) and the files in that order. A kept stored file is sent as its id with
 * neither URL nor fileIndex, so the server keeps it.
 */
export function toWire(items: readonly PortfolioDraft[]): { portfolioDetails: PortfolioWireItem[]; files: File[] } {
  const files: File[] = [];
  const portfolioDetails = items.map((i): PortfolioWireItem => {
    const base = {
      freelancerPortfolioId: i.freelancerPortfolioId,
      portfolioTitle: i.portfolioTitle.trim(),
      portfolioDesc: i.portfolioDesc.trim(),
      portfolioSkills: i.portfolioSkills,
    };
    if (i.content.kind === 'url') return { ...base, portfolioUrl: i.content.url.trim(), fileIndex: null };
    if (i.content.kind === 'stored') return { ...base, portfolioUrl: null, fileIndex: null };
    files.push(i.content.file);
    return { ...base, portfolioUrl: null, fileIndex: files.length };
  });
  return { portfolioDetails, files };
}

/** A readable name for a stored file (the server keeps no user-given names). */
export function storedName(content: { contentType: string; mime: string | null }): string {
  if (content.contentType === 'IMAGE') return 'Image';
  if (content.mime === 'application/pdf') return 'PDF document';
  return 'Word document';
}

export function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
