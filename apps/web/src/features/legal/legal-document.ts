import type { ReactNode } from 'react';

export type LegalSection = { id: string; title: string; body: ReactNode };

export type LegalDocument = {
  title: string;
  /** Shown under the title: what the document is, in one or two sentences. */
  summary: string;
  updated: string;
  sections: LegalSection[];
};

/** The date both documents were last changed (shown as "Last updated"). */
export const LEGAL_UPDATED = '26 November 2026';
