import { ERRORS } from '@talentloop/contract';
import {
  PORTFOLIO_FILE_ACCEPT,
  PORTFOLIO_FILE_EXTENSIONS,
  PORTFOLIO_FILE_MAX_BYTES,
  PORTFOLIO_MESSAGES,
} from '@talentloop/contract/api/portfolio';
import { PortfolioItemFormSchema } from '@talentloop/contract/validation/profile-editor';

// The modal checks an item with the contract's form schema (built from the same field rules as the
// wire body the server runs). spec: profile-company §5 Portfolio

export const PORTFOLIO_ACCEPT = PORTFOLIO_FILE_ACCEPT;

export type PortfolioErrors = Partial<Record<'portfolioTitle' | 'portfolioDesc' | 'portfolioSkills' | 'portfolioUrl' | 'hasFile', string>>;

export function validatePortfolioItem(item: {
  portfolioTitle: string;
  portfolioDesc: string;
  portfolioSkills: string[];
  contentKind: 'url' | 'file';
  portfolioUrl: string;
  hasFile: boolean;
}): PortfolioErrors {
  const parsed = PortfolioItemFormSchema.safeParse(item);
  const errors: PortfolioErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof PortfolioErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Why a chosen file cannot be attached (the spec's toast), or null. The server decides from the bytes. */
export function fileProblem(file: { name: string; size: number }): { title: string; message: string } | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(PORTFOLIO_FILE_EXTENSIONS as readonly string[]).includes(ext)) {
    const { title, message } = ERRORS.TL_CORE_10093_E;
    return { title, message };
  }
  if (file.size > PORTFOLIO_FILE_MAX_BYTES)
    return { title: PORTFOLIO_MESSAGES.fileTooLargeTitle, message: PORTFOLIO_MESSAGES.fileTooLarge };
  return null;
}
