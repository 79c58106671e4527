import { BRAND } from '@talentloop/contract';
import { DEFAULT_COMPANY_MAIL_PREFERENCES } from '@talentloop/contract/api/company-settings';
import {
  MISSED_MESSAGE_MAIL_MINUTES,
  type MessageSide,
  conversationPagePath,
  missedMailDue,
  missedMailQuote,
} from '@talentloop/contract/api/messages';
import { DEFAULT_FREELANCER_MAIL_PREFERENCES } from '@talentloop/contract/api/talent-pool';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { Mail } from '../../infra/mail/mailer.ts';
import { defangLinks, escapeHtml, layout } from '../../infra/mail/templates.ts';
import { startPeriodicSweep } from '../../infra/periodic-sweep.ts';
import { claimMissedMail, missedCandidates, recipientOf } from './queries.ts';

// The missed-message mail (issue 36, decision 228): when a message stays unread for
// MISSED_MESSAGE_MAIL_MINUTES, its recipient gets one mail for that conversation, and no other until
// they read it (the quiet period: contract missedMailDue). It follows the recipient's mail choices
// (a company's 'talent' kind, a freelancer's 'shortlist' kind: messages are part of hiring) and the
// contract's cap (missedMessages), goes only to a proven address, never to a demo or suspended
// account, and carries a link to the conversation and a short plain quote: people's words are
// escaped in the HTML part and their links defanged, so no markup and no live link travels.
// Any number of instances: the side's quiet period is claimed by one conditional write.

export const MISSED_SWEEP_MS = 60_000;
const BATCH = 50;

type Deps = { db: Db; clock: Clock; config: Pick<Config, 'publicUrl'> };

export function missedMessageMail(to: string, firstName: string, counterpart: string, quote: string, kind: string, link: string): Mail {
  const who = defangLinks(counterpart) || 'Someone';
  const said =
    kind === 'file' ? `${who} sent you a file${quote ? ` with this note: “${defangLinks(quote)}”` : '.'}` : `“${defangLinks(quote)}”`;
  const lines = [
    firstName ? `Hi ${defangLinks(firstName)},` : 'Hi,',
    `You have unread messages from ${who} on ${BRAND.name}.`,
    said,
    `Read and answer them here: ${link}`,
  ];
  const footer = 'We mail you once until you read them. You can turn these mails off in your notification settings.';
  return {
    to,
    subject: `New messages from ${who}`,
    text: `${lines.join('\n\n')}\n\n${footer}\n\n${BRAND.name}`,
    html: layout(
      'Unread messages',
      `${lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join('')}<p style="color:#5b6170">${escapeHtml(footer)}</p>`,
    ),
  };
}

/** Queues every mail that is due now; how many it queued. */
export async function sendMissedMessageMails({ db, clock, config }: Deps): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - MISSED_MESSAGE_MAIL_MINUTES * 60_000);
  let queued = 0;
  const candidates = await missedCandidates(db, cutoff, BATCH);
  for (const c of candidates) {
    const due = missedMailDue({ oldestUnreadAt: new Date(c.oldest_unread_at), mailedSinceRead: c.mailed_at !== null }, now);
    if (!due) continue;
    const side = c.side as MessageSide;
    const sent = await db.transaction(async (tx) => {
      if (!(await claimMissedMail(tx, c.conversation_id, side, now))) return false;
      const to = await recipientOf(tx, c.conversation_id, side);
      if (!to?.verified || to.demo || to.suspended) return false;
      const wants =
        side === 'company'
          ? (to.prefs?.talent ?? DEFAULT_COMPANY_MAIL_PREFERENCES.talent)
          : (to.prefs?.shortlist ?? DEFAULT_FREELANCER_MAIL_PREFERENCES.shortlist);
      if (wants === false) return false;
      const link = `${config.publicUrl}${conversationPagePath(side, c.conversation_id)}`;
      const mail = missedMessageMail(to.email, to.firstName, to.counterpart, missedMailQuote(c.newest_text ?? ''), c.newest_kind, link);
      return enqueueCappedMail(tx, 'missedMessages', mail, { account: c.sender_id, now });
    });
    if (sent) queued += 1;
  }
  return queued;
}

export function startMissedMessageSweep(deps: Deps & { log: FastifyBaseLogger; onQueued?: () => void; pollMs?: number }) {
  return startPeriodicSweep({
    work: () => sendMissedMessageMails(deps),
    pollMs: deps.pollMs ?? MISSED_SWEEP_MS,
    log: deps.log,
    failure: 'messages: missed-message mail sweep failed',
    onQueued: deps.onQueued,
  });
}
