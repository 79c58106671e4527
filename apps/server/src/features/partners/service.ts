import {
  PARTNER_REQUEST_STATUS_LABELS,
  type PartnerRequestRead,
  type PartnerRequestStatus,
  type PartnerRequestUpdateBody,
  type PartnerRequestsQuery,
} from '@talentloop/contract/api/partners';
import { normalizeCompanyName, normalizeEmail } from '@talentloop/contract';
import { AppError } from '../../http/app-error.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { enqueueCappedMail } from '../../infra/mail/caps.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import { partnerRequestMail } from '../../infra/mail/templates.ts';
import { type AuditActor, recordAudit } from '../audit/audit.ts';
import { type CsvColumn, toCsv } from './csv.ts';
import {
  type PartnerRequestRow,
  countPartnerRequests,
  insertPartnerRequest,
  lockPartnerRequest,
  readAllPartnerRequests,
  readPartnerRequestPage,
  toPartnerRequestRead,
  updatePartnerRequest,
} from './queries.ts';

export type PartnerDeps = { db: Db; clock: Clock; config: Config; outbox: Pick<OutboxWorker, 'kick'> };

/**
 * A company asks to partner (the landing page's modal): the request and its mail to the operators
 * commit together, or neither does. Past the operators' hourly cap (contract mail-caps.ts) the
 * request is stored without a mail. The same company and address twice is refused (01200).
 */
export async function submitPartnerRequest(deps: PartnerDeps, body: { companyName: string; companyEmail: string }): Promise<void> {
  const { db, clock, config } = deps;
  const companyName = normalizeCompanyName(body.companyName);
  const companyEmail = normalizeEmail(body.companyEmail);
  const now = clock.now();
  const mailed = await db.transaction(async (tx) => {
    const stored = await insertPartnerRequest(tx, { companyName, companyEmail, now });
    if (!stored) throw new AppError('TL_CORE_01200_E');
    if (!config.opsEmail) return false;
    return enqueueCappedMail(tx, 'partnerRequest', partnerRequestMail(config.opsEmail, companyName, companyEmail), { now });
  });
  if (mailed) deps.outbox.kick();
}

// The operators' partner requests (operator console, issue 21): the list, a status and a private
// note per request, and the CSV export. A change locks the request's row, checks the version the
// operator saw (an older one is 409) and writes the change and its audit entry in one transaction.

const CSV_COLUMNS: readonly CsvColumn<PartnerRequestRow>[] = [
  { header: 'Company', value: (r) => r.companyName },
  { header: 'Email', value: (r) => r.companyEmail },
  { header: 'Received (UTC)', value: (r) => r.createdAt.toISOString() },
  { header: 'Status', value: (r) => PARTNER_REQUEST_STATUS_LABELS[toPartnerRequestRead(r).status] },
  { header: 'Note', value: (r) => r.note },
  { header: 'Updated (UTC)', value: (r) => r.updatedAt?.toISOString() ?? '' },
];

export function createPartnerConsoleService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(query: PartnerRequestsQuery) {
      const [page, counts] = await Promise.all([readPartnerRequestPage(db, query), countPartnerRequests(db)]);
      return { requests: page.rows.map(toPartnerRequestRead), nextCursor: page.nextCursor, counts };
    },

    /** The file name and text of the CSV export. */
    async exportCsv(status: PartnerRequestStatus | undefined): Promise<{ fileName: string; csv: string }> {
      const rows = await readAllPartnerRequests(db, status);
      const day = clock.now().toISOString().slice(0, 10);
      return { fileName: `partner-requests-${status ?? 'all'}-${day}.csv`, csv: toCsv(CSV_COLUMNS, rows) };
    },

    /**
     * Sets the status and/or note from `body.version`. Nothing different from what is stored is not
     * a change: answered as it is, no version bump, no audit entry.
     */
    async update(actor: AuditActor, id: string, body: PartnerRequestUpdateBody): Promise<PartnerRequestRead> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await lockPartnerRequest(tx, id);
        if (!row) throw new AppError('TL_CORE_14120_E');
        if (row.version !== body.version) throw new AppError('TL_CORE_14121_E');
        const status = body.status ?? toPartnerRequestRead(row).status;
        const note = body.note ?? row.note;
        if (status === row.status && note === row.note) return toPartnerRequestRead(row);
        const updated = await updatePartnerRequest(tx, id, { status, note, version: row.version + 1, updatedAt: now });
        if (!updated) throw new Error('partner request update returned nothing');
        await recordAudit(
          tx,
          actor,
          {
            action: 'partner_request.update',
            targetType: 'partner_request',
            targetId: id,
            targetLabel: `${row.companyName} <${row.companyEmail}>`,
            before: { status: row.status, note: row.note },
            after: { status: updated.status, note: updated.note },
          },
          now,
        );
        return toPartnerRequestRead(updated);
      });
    },
  };
}
