import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { getCompanyBilling, saveCompanyBilling, saveFreelancerBilling } from '@talentloop/contract/api/billing';
import {
  downloadCompanyInvoice,
  downloadFreelancerStatement,
  getCompanyInvoice,
  getFreelancerStatement,
  listCompanyInvoices,
  listFreelancerStatements,
} from '@talentloop/contract/api/invoices';
import { splitFee } from '@talentloop/contract/rules/money';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { findCompany } from '../../src/features/company/queries.ts';
import { documentRead } from '../../src/features/invoices/documents.ts';
import { renderDocumentPdf } from '../../src/features/invoices/pdf.ts';
import { findInvoice } from '../../src/features/invoices/queries.ts';
import { issueCreditNote, issueInvoice } from '../../src/features/invoices/service.ts';
import { invoicePdfs } from '../../src/infra/db/schema.ts';
import { type TestApp, call, expectFailure, findUser, okBody, uniqueEmail, useApi } from '../helpers.ts';

// Documents (issue 34, decision 203): the company lists, opens and downloads its invoices and
// credit notes, the freelancer their statements (gross, the fee as its own line, net); the PDF is
// the same bytes every time; another party's document is 404.

const env = useApi();
const bank = { accountName: 'Talentloop Escrow Ltd', bankName: 'Example Bank', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' };

async function company(app: TestApp, name: string) {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company: name });
  const { accessToken: token } = await app.verify(account.email);
  // The account's own address is proven: billing details ready at once.
  const billing = okBody(
    await call(
      app,
      saveCompanyBilling,
      {
        body: {
          legalName: `${name} GmbH`,
          addressLine1: 'Friedrichstraße 10',
          city: 'Berlin',
          postalCode: '10117',
          country: 'DE',
          taxNumber: 'DE136695976',
          billingEmail: account.email,
          version: 0,
        },
      },
      { token },
    ),
  );
  expect(billing.readiness.ready).toBe(true);
  const user = await findUser(app.db, account.email);
  const row = await findCompany(app.db, user?.id as string);
  return { token, companyId: row?.id as string };
}

async function freelancer(app: TestApp, legalName = 'Asha Rao') {
  const account = await app.createUser(uniqueEmail('talent'));
  okBody(
    await call(
      app,
      saveFreelancerBilling,
      { body: { legalName, addressLine1: '4 Park Street', city: 'Kolkata', postalCode: '700016', country: 'IN', version: 0 } },
      { token: account.accessToken },
    ),
  );
  const user = await findUser(app.db, account.email);
  return { token: account.accessToken, userId: user?.id as string };
}

/** A structural parse: the header, the trailer's startxref pointing at the xref table, every in-use entry at its object, every stream inflating. */
function parsePdf(bytes: Buffer): { objects: number; info: string } {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const header = /xref\s+(\d+) (\d+)\s+/.exec(text.slice(startxref));
  const count = Number(header?.[2]);
  const entries = text
    .slice(startxref + (header?.[0].length ?? 0))
    .split(/\r?\n/)
    .slice(0, count);
  let objects = 0;
  for (const [i, entry] of entries.entries()) {
    const [offset, , use] = entry.trim().split(' ');
    if (use !== 'n') continue;
    expect(text.slice(Number(offset), Number(offset) + 20)).toMatch(new RegExp(`^${i} 0 obj`));
    objects++;
  }
  for (const match of text.matchAll(/(?<!end)stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.lastIndexOf('\n', text.indexOf('endstream', start));
    const dict = text.slice(text.lastIndexOf('<<', match.index), match.index);
    if (dict.includes('/FlateDecode')) expect(() => zlib.inflateSync(bytes.subarray(start, end))).not.toThrow();
  }
  // The info dictionary (in the trailer) and the strings it refers to.
  const object = (n: string | undefined) => {
    const start = text.indexOf(`\n${n} 0 obj`);
    return start < 0 ? '' : text.slice(start, text.indexOf('endobj', start));
  };
  const info = object(/\/Info (\d+) 0 R/.exec(text)?.[1]);
  const values = [...info.matchAll(/\/(\w+) (\d+) 0 R/g)].map(
    (m) =>
      `${m[1]}: ${object(m[2])
        .replace(/^\s*\d+ 0 obj\s*/, '')
        .trim()}`,
  );
  return { objects, info: values.join('\n') };
}

describe('documents', () => {
  test('the company opens and downloads its invoice, the freelancer the statement: same bytes every time, a PDF that parses', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await company(app, 'Acme Labs');
    const f = await freelancer(app);
    const engagementId = crypto.randomUUID();
    const doc = await app.db.transaction((tx) =>
      issueInvoice(tx, {
        engagementId,
        companyId: c.companyId,
        freelancerId: f.userId,
        currency: 'EUR',
        source: { kind: 'timesheet', id: crypto.randomUUID() },
        purpose: 'work_approved',
        lines: [
          {
            description: 'Mon 23 Nov: accessibility audit <script>alert(1)</script> https://evil.example',
            quarterHours: 30,
            unitMinor: 8_000,
            amountMinor: 60_000,
          },
          { description: 'Tue 24 Nov: fixes', quarterHours: 5, unitMinor: 8_000, amountMinor: 10_000 },
        ],
        poNumber: 'PO-2211',
        issueDate: '2026-11-29',
        dueDays: 14,
      }),
    );
    const split = splitFee(70_000, 'EUR');

    const list = okBody(await call(app, listCompanyInvoices, {}, { token: c.token })).documents;
    expect(list).toEqual([
      expect.objectContaining({
        id: doc.invoiceId,
        number: 'INV-2026-0001',
        kind: 'invoice',
        grossMinor: 70_000,
        counterpartyName: 'Asha Rao',
        dueDate: '2026-12-13',
      }),
    ]);
    const opened = okBody(await call(app, getCompanyInvoice, { params: { invoiceId: doc.invoiceId } }, { token: c.token })).document;
    expect(opened).toMatchObject({
      poNumber: 'PO-2211',
      paymentReference: doc.paymentReference,
      recipient: { legalName: 'Acme Labs GmbH', taxNumber: 'DE136695976' },
      lines: [{ quarterHours: 30, unitMinor: 8_000, amountMinor: 60_000 }, { amountMinor: 10_000 }],
    });
    const statements = okBody(await call(app, listFreelancerStatements, {}, { token: f.token })).documents;
    expect(statements).toEqual([
      expect.objectContaining({
        id: doc.invoiceId,
        grossMinor: 70_000,
        feeMinor: split.fee,
        netMinor: split.net,
        counterpartyName: 'Acme Labs GmbH',
      }),
    ]);

    const first = await call(app, downloadCompanyInvoice, { params: { invoiceId: doc.invoiceId } }, { token: c.token });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="INV-2026-0001.pdf"');
    const bytes = Buffer.from(
      await (
        await fetch(`${app.baseUrl}/api/company/invoices/${doc.invoiceId}/pdf`, { headers: { authorization: `Bearer ${c.token}` } })
      ).arrayBuffer(),
    );
    const again = Buffer.from(
      await (
        await fetch(`${app.baseUrl}/api/company/invoices/${doc.invoiceId}/pdf`, { headers: { authorization: `Bearer ${c.token}` } })
      ).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);
    const parsed = parsePdf(bytes);
    expect(parsed.objects).toBeGreaterThan(5);
    expect(parsed.info).toContain('(Invoice INV-2026-0001)');
    // No link annotation from the user's text.
    expect(bytes.toString('latin1')).not.toMatch(/\/URI|\/Annots|\/JavaScript/);
    const statement = Buffer.from(
      await (
        await fetch(`${app.baseUrl}/api/freelancer/statements/${doc.invoiceId}/pdf`, { headers: { authorization: `Bearer ${f.token}` } })
      ).arrayBuffer(),
    );
    expect(parsePdf(statement).info).toContain('(Statement INV-2026-0001)');
    expect(statement.equals(bytes)).toBe(false);
    expect(await app.db.select({ view: invoicePdfs.view }).from(invoicePdfs).where(eq(invoicePdfs.invoiceId, doc.invoiceId))).toHaveLength(
      2,
    );

    // The renderer alone gives the same bytes twice (what makes the stored copy the rendering).
    const row = await findInvoice(app.db, doc.invoiceId);
    const read = await documentRead(app.db, row as NonNullable<typeof row>, 'invoice');
    const [one, two] = await Promise.all([renderDocumentPdf(read, 'invoice', bank), renderDocumentPdf(read, 'invoice', bank)]);
    expect(one.equals(two)).toBe(true);
    expect(one.equals(await renderDocumentPdf(read, 'invoice', { ...bank, iban: 'GB33BUKB20201555555555' }))).toBe(false);
  });

  test("another party's document is 404, as an unknown id or a non-UUID", async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await company(app, 'Alpha Works');
    const other = await company(app, 'Beta Works');
    const f = await freelancer(app);
    const g = await freelancer(app, 'Ravi Menon');
    const doc = await app.db.transaction((tx) =>
      issueInvoice(tx, {
        engagementId: crypto.randomUUID(),
        companyId: c.companyId,
        freelancerId: f.userId,
        currency: 'INR',
        source: { kind: 'milestone', id: crypto.randomUUID() },
        purpose: 'milestone_funding',
        lines: [{ description: 'Milestone 1: discovery', amountMinor: 5_000_000 }],
        issueDate: '2026-11-29',
        dueDays: 7,
      }),
    );
    const credit = await app.db.transaction((tx) =>
      issueCreditNote(tx, { invoiceId: doc.invoiceId, reason: 'Milestone cancelled', issueDate: '2026-11-30' }),
    );
    expect(okBody(await call(app, listCompanyInvoices, {}, { token: c.token })).documents.map((d) => [d.number, d.creditsNumber])).toEqual([
      ['CN-2026-0001', 'INV-2026-0001'],
      ['INV-2026-0001', null],
    ]);
    for (const id of [doc.invoiceId, credit.invoiceId]) {
      expectFailure(await call(app, getCompanyInvoice, { params: { invoiceId: id } }, { token: other.token }), 404, 'TL_CORE_34207_E');
      expectFailure(await call(app, downloadCompanyInvoice, { params: { invoiceId: id } }, { token: other.token }), 404, 'TL_CORE_34207_E');
      expectFailure(await call(app, getFreelancerStatement, { params: { invoiceId: id } }, { token: g.token }), 404, 'TL_CORE_34207_E');
      expectFailure(
        await call(app, downloadFreelancerStatement, { params: { invoiceId: id } }, { token: g.token }),
        404,
        'TL_CORE_34207_E',
      );
    }
    expect(okBody(await call(app, listCompanyInvoices, {}, { token: other.token })).documents).toEqual([]);
    expect(okBody(await call(app, listFreelancerStatements, {}, { token: g.token })).documents).toEqual([]);
    expectFailure(
      await call(app, getCompanyInvoice, { params: { invoiceId: crypto.randomUUID() } }, { token: c.token }),
      404,
      'TL_CORE_34207_E',
    );
    expectFailure(
      await call(app, getCompanyInvoice, { params: { invoiceId: 'INV-2026-0001' } }, { token: c.token }),
      404,
      'TL_CORE_34207_E',
    );
    // The other side's endpoints are closed by role.
    expectFailure(await call(app, listFreelancerStatements, {}, { token: c.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, listCompanyInvoices, {}, { token: f.token }), 403, 'TL_CORE_00403_E');
    // Nothing was rendered for the refused requests.
    expect(await app.db.select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, doc.invoiceId))).toEqual([]);
    expect(okBody(await call(app, getCompanyBilling, {}, { token: c.token })).readiness.ready).toBe(true);
  });
});
