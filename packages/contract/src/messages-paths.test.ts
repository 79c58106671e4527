import { describe, expect, it } from 'vitest';
import { MESSAGES_PAGES, conversationPagePath } from './api/messages.ts';
import { conversationPath, paths } from './paths.ts';

// The web's routes for messages (paths.ts) and the pages the server's mails link to (messages'
// MESSAGES_PAGES) are one set of addresses: a mail's link must open a page the web has (issue 36).
describe('messages pages', () => {
  it('are the same addresses in the web’s routes and in the mails’ links', () => {
    expect(MESSAGES_PAGES).toEqual({
      company: paths.company.messages,
      freelancer: paths.freelancer.messages,
      operator: paths.admin.messageReports,
    });
    for (const side of ['company', 'freelancer'] as const) expect(conversationPath(side, 'abc')).toBe(conversationPagePath(side, 'abc'));
  });
});
