import { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_MESSAGES } from '@talentloop/contract/api/portfolio';
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { describe, expect, it } from 'vitest';
import { fileProblem, validatePortfolioItem } from './portfolio-rules.ts';

const valid = { portfolioTitle: 'Shop', portfolioDesc: 'An online shop', portfolioSkills: ['React'], portfolioUrl: '', hasFile: false };

describe('portfolio item rules in the modal', () => {
  it('asks for the URL when the link is chosen and left empty', () => {
    expect(validatePortfolioItem({ ...valid, contentKind: 'url' })).toEqual({ portfolioUrl: M.projectUrlRequired });
  });

  it('refuses a link without http:// or https://', () => {
    expect(validatePortfolioItem({ ...valid, contentKind: 'url', portfolioUrl: 'ftp://x.org' })).toEqual({ portfolioUrl: M.urlInvalid });
  });

  it('asks for the file when a file is chosen as content but none is attached', () => {
    expect(validatePortfolioItem({ ...valid, contentKind: 'file' })).toEqual({ hasFile: M.fileRequired });
  });

  it('names each missing field with the spec message', () => {
    const errors = validatePortfolioItem({
      ...valid,
      portfolioTitle: ' ',
      portfolioDesc: '',
      portfolioSkills: [],
      contentKind: 'file',
      hasFile: true,
    });
    expect(errors).toEqual({
      portfolioTitle: M.projectNameRequired,
      portfolioDesc: M.descriptionRequired,
      portfolioSkills: M.portfolioSkillRequired,
    });
  });

  it('accepts a complete item with a file or a link', () => {
    expect(validatePortfolioItem({ ...valid, contentKind: 'file', hasFile: true })).toEqual({});
    expect(validatePortfolioItem({ ...valid, contentKind: 'url', portfolioUrl: 'https://example.com' })).toEqual({});
  });

  it('refuses a file over the contract limit and a type outside the list before upload', () => {
    expect(fileProblem({ name: 'big.pdf', size: PORTFOLIO_FILE_MAX_BYTES + 1 })).toEqual({
      title: PORTFOLIO_MESSAGES.fileTooLargeTitle,
      message: PORTFOLIO_MESSAGES.fileTooLarge,
    });
    expect(fileProblem({ name: 'run.exe', size: 10 })?.title).toBe('Unsupported portfolio file');
    expect(fileProblem({ name: 'ok.DOCX', size: PORTFOLIO_FILE_MAX_BYTES })).toBeNull();
  });
});
