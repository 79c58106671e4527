import type { PublicProfile } from '@talentloop/contract/api/account';
import type { FormAnswer } from '@talentloop/contract/form-answer';
import { createContext, useContext } from 'react';

/**
 * What a page rendered ahead of the browser (issue 37) was drawn with: `ahead` is true while the
 * server renders it and when the browser hydrates it, so the first client render draws exactly what
 * the HTML already shows (no session gate, the same data). The talent page's profile travels in the
 * HTML (`PAGE_DATA_ID`) and is the query's first answer; a login or sign-up posted before (or
 * without) scripts is answered with its page holding `formAnswer` (apps/server/src/features/auth/form-posts.ts).
 */
export type PageData = { ahead: boolean; publicProfile?: PublicProfile; formAnswer?: FormAnswer };

export const PAGE_DATA_ID = 'tl-page-data';

export const PageDataContext = createContext<PageData>({ ahead: false });

export const usePageData = () => useContext(PageDataContext);
