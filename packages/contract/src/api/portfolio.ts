import { z } from 'zod';
import { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_MAX_ITEMS } from '../limits.ts';
import { PortfolioDetails } from '../validation/profile-editor.ts';
import { defineEndpoint } from './define.ts';

// spec: profile-company §3 Portfolio item, §5 Portfolio, §7 portfolio-details. The PUT is multipart:
// a `profileData` text part holding this JSON body, plus one `portfolioContent` file part per
// attached file; an item names its file by `fileIndex`, the 1-based position of that part among
// the `portfolioContent` parts. Imported directly ('@talentloop/contract/api/portfolio').

/** Texts of the portfolio screen that are not field rules (those live in validation/messages.ts). */
export const PORTFOLIO_MESSAGES = {
  fileTooLarge: 'File size should not exceed 2MB',
  fileTooLargeTitle: 'File Too Large',
  saved: 'Portfolio Saved',
  saveFailed: 'Failed to save portfolio.',
} as const;

/** Accepted by extension on the client (a hint only: the server decides from the bytes). */
export const PORTFOLIO_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;
export const PORTFOLIO_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';
export { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_MAX_ITEMS };

/** LINK: a URL; IMAGE: an uploaded image (re-encoded); DOCUMENT: an uploaded PDF, DOC or DOCX. */
export const PORTFOLIO_CONTENT_TYPES = ['LINK', 'IMAGE', 'DOCUMENT'] as const;
export type PortfolioContentType = (typeof PORTFOLIO_CONTENT_TYPES)[number];

/**
 * The `profileData` JSON of the PUT. `version`: the one the section was loaded at (a stale one
 * answers 409 TL_CORE_10110_E); without it (a client of the original API) the save is accepted.
 */
export const PortfolioSaveBody = PortfolioDetails.extend({ version: z.number().int().min(0).optional() });
export type PortfolioSaveBody = z.input<typeof PortfolioSaveBody>;

export const PortfolioItem = z.object({
  freelancerPortfolioId: z.string(),
  portfolioTitle: z.string(),
  portfolioDesc: z.string(),
  portfolioSkills: z.array(z.string()),
  /** The link of a LINK item; null for a file. */
  portfolioUrl: z.string().nullable(),
  contentType: z.enum(PORTFOLIO_CONTENT_TYPES),
  /** Where an uploaded file is served (`/api/files/{id}`); null for a link. */
  fileUrl: z.string().nullable(),
  fileMime: z.string().nullable(),
  fileSize: z.number().nullable(),
});
export type PortfolioItem = z.infer<typeof PortfolioItem>;

export const getPortfolio = defineEndpoint({
  tag: 'profile-editor',
  method: 'GET',
  path: '/freelancer-settings/portfolio-details',
  summary: 'Portfolio items, the section version and the completion percentage',
  auth: true,
  access: ['freelancer'],
  response: z.object({
    status: z.literal('success'),
    message: z.string(),
    portfolioDto: z.array(PortfolioItem),
    version: z.number(),
    competitionPercentage: z.number(),
  }),
});

export const savePortfolio = defineEndpoint({
  tag: 'profile-editor',
  method: 'PUT',
  path: '/freelancer-settings/portfolio-details',
  summary:
    'Replace the portfolio (multipart: profileData = PortfolioSaveBody JSON, portfolioContent = files by fileIndex; 1-2 items; a stale version answers 409)',
  auth: true,
  access: ['freelancer'],
  multipart: {
    fields: {
      profileData: {
        type: 'json',
        schema: PortfolioSaveBody,
        malformed: 'TL_CORE_10104_E',
        description: 'JSON text: PortfolioSaveBody (the items and the version loaded)',
      },
    },
    files: {
      portfolioContent: {
        kinds: ['jpeg', 'png', 'pdf', 'doc', 'docx'],
        maxBytes: PORTFOLIO_FILE_MAX_BYTES,
        maxCount: PORTFOLIO_MAX_ITEMS,
        required: false,
        tooLarge: 'TL_CORE_10094_E',
        wrongKind: 'TL_CORE_10093_E',
        description: 'The items’ files in fileIndex order (pdf, jpg, png, doc or docx, at most 2 MB each)',
      },
    },
    limits: { parts: 8, fields: 4, files: PORTFOLIO_MAX_ITEMS, fieldBytes: 64 * 1024, tooManyFiles: 'TL_CORE_10120_E' },
    otherFiles: 'refuse',
    what: 'portfolio',
  },
  errors: [
    'TL_CORE_10093_E',
    'TL_CORE_10094_E',
    'TL_CORE_10104_E',
    'TL_CORE_10105_E',
    'TL_CORE_10110_E',
    'TL_CORE_10120_E',
    'TL_CORE_10122_E',
    'TL_CORE_10123_E',
  ],
  response: z.object({
    status: z.literal('success'),
    responseCode: z.string(),
    responseMessage: z.string(),
    portfolioDetails: z.array(PortfolioItem),
    version: z.number(),
    competitionPercentage: z.number(),
  }),
});
