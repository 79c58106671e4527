import {
  downloadCompanyInvoice,
  downloadFreelancerStatement,
  getCompanyBalance,
  getCompanyInvoice,
  getFreelancerEarnings,
  getFreelancerStatement,
  listCompanyInvoices,
  listFreelancerStatements,
} from '@talentloop/contract/api/invoices';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Db } from '../../infra/db/client.ts';
import { findCompany } from '../company/service.ts';
import { companyBalancesOf, earningsOf } from '../ledger/service.ts';
import { documentPdf, documentRead, summaries } from './documents.ts';
import type { BankDetails } from './pdf.ts';
import { type InvoiceRow, documentForDownload, documentOf, documentsOf } from './queries.ts';

// The parties' documents (issue 34, decision 203): a company reads the invoices and credit notes
// issued to its company, a freelancer the statements of those issued on their behalf. No party id
// is read from a request; a document of another party is 404 like an unknown id.

const ATTACHMENT_CSP = "default-src 'none'; sandbox";

function sendPdf(reply: FastifyReply, row: InvoiceRow, pdf: Buffer, view: 'invoice' | 'statement') {
  const name = `${view === 'statement' ? 'statement-' : ''}${row.number}.pdf`;
  return reply
    .header('Content-Type', 'application/pdf')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', ATTACHMENT_CSP)
    .send(pdf);
}

export async function invoiceRoutes(app: FastifyInstance, deps: { db: Db; bank: BankDetails }) {
  const { db, bank } = deps;

  /** The caller's company; a client without one has no documents (every id is then 404). */
  async function companyOf(userId: string): Promise<{ companyId: string }> {
    const company = await findCompany(db, userId);
    return { companyId: company?.id ?? '00000000-0000-0000-0000-000000000000' };
  }

  async function companyDocument(userId: string, invoiceId: string) {
    const row = await documentOf(db, invoiceId, await companyOf(userId));
    if (!row) throw new AppError('TL_CORE_34207_E');
    return row;
  }

  async function freelancerDocument(userId: string, invoiceId: string) {
    const row = await documentOf(db, invoiceId, { freelancerId: userId });
    if (!row) throw new AppError('TL_CORE_34207_E');
    return row;
  }

  // Every figure from the ledger's lines (decision 200), never from the documents' own totals.
  route(app, getCompanyBalance, {}, async (request) => {
    const company = await findCompany(db, currentUser(request).id);
    return { status: 'success' as const, balances: company ? await companyBalancesOf(db, company.id) : [] };
  });

  route(app, getFreelancerEarnings, {}, async (request) => ({
    status: 'success' as const,
    earnings: await earningsOf(db, currentUser(request).id),
  }));

  route(app, listCompanyInvoices, {}, async (request) => {
    const rows = await documentsOf(db, await companyOf(currentUser(request).id));
    return { status: 'success' as const, documents: await summaries(db, rows, 'invoice') };
  });

  route(app, getCompanyInvoice, {}, async (request) => {
    const row = await companyDocument(currentUser(request).id, request.params.invoiceId);
    return { status: 'success' as const, document: await documentRead(db, row, 'invoice') };
  });

  route(app, downloadCompanyInvoice, {}, async (request, reply) => {
    // One statement: the company's document with its stored bytes.
    const found = await documentForDownload(db, request.params.invoiceId, { ownerUserId: currentUser(request).id }, 'invoice');
    if (!found) throw new AppError('TL_CORE_34207_E');
    return sendPdf(reply, found.invoice, await documentPdf(db, found.invoice, 'invoice', bank, found), 'invoice');
  });

  route(app, listFreelancerStatements, {}, async (request) => {
    const rows = await documentsOf(db, { freelancerId: currentUser(request).id });
    return { status: 'success' as const, documents: await summaries(db, rows, 'statement') };
  });

  route(app, getFreelancerStatement, {}, async (request) => {
    const row = await freelancerDocument(currentUser(request).id, request.params.invoiceId);
    return { status: 'success' as const, document: await documentRead(db, row, 'statement') };
  });

  route(app, downloadFreelancerStatement, {}, async (request, reply) => {
    const found = await documentForDownload(db, request.params.invoiceId, { freelancerId: currentUser(request).id }, 'statement');
    if (!found) throw new AppError('TL_CORE_34207_E');
    return sendPdf(reply, found.invoice, await documentPdf(db, found.invoice, 'statement', bank, found), 'statement');
  });
}
