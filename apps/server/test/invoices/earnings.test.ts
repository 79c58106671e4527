import { approveMilestone, approveTimesheet, fundMilestone, submitMilestone } from '@talentloop/contract/api/engagements';
import { getCompanyBalance, getFreelancerEarnings, listCompanyInvoices, listFreelancerStatements } from '@talentloop/contract/api/invoices';
import { splitFee } from '@talentloop/contract/rules/money';
import { describe, expect, test } from 'vitest';
import { call, expectFailure, okBody, useApi } from '../helpers.ts';
import { engaged, fixedTerms, freelancerView, hourlyTerms, lastMonday, submittedWeek } from '../engagements/support.ts';
import { startLoopApp } from '../talent/loop-support.ts';

// Earnings and a company's balance (issue 34): every figure computed from the ledger's lines, equal
// to the documents' sums, per currency, each party seeing only its own.

const env = useApi();

describe('figures from the ledger', () => {
  test('a freelancer’s earnings and a company’s balance follow approved weeks, funded and released milestones, per currency', async () => {
    const app = await startLoopApp(env);
    const hourly = await engaged(app, hourlyTerms(app), { companyName: 'Globex' });
    const fixed = await engaged(app, fixedTerms(app), { companyName: 'Initech' });
    const earnings = async (token: string) => okBody(await call(app, getFreelancerEarnings, {}, { token })).earnings;
    const balance = async (token: string) => okBody(await call(app, getCompanyBalance, {}, { token })).balances;

    expect(await earnings(hourly.f.token)).toEqual([]);
    expect(await balance(hourly.company.token)).toEqual([]);

    // An hourly week of 8 h + 8 h + 2.25 h at $80.00: $1,460.00 approved.
    const sheet = await submittedWeek(app, hourly.f.token, hourly.engagement.id, lastMonday(app), [32, 32, 9]);
    okBody(
      await call(
        app,
        approveTimesheet,
        { params: { timesheetId: sheet.id ?? '' }, body: { version: sheet.version } },
        { token: hourly.company.token },
      ),
    );
    const week = splitFee(146_000, 'USD');
    expect(await earnings(hourly.f.token)).toEqual([{ currency: 'USD', grossMinor: 146_000, feeMinor: week.fee, netMinor: week.net }]);
    expect(await balance(hourly.company.token)).toEqual([{ currency: 'USD', dueMinor: 146_000, heldMinor: 0 }]);

    // A milestone funded: the company owes it and it is held; not yet earned.
    const [first] = (await freelancerView(app, fixed.f.token, fixed.engagement.id)).milestones;
    if (!first) throw new Error('no milestone');
    const mid = { milestoneId: first.id };
    okBody(await call(app, fundMilestone, { params: mid, body: { version: first.version } }, { token: fixed.company.token }));
    expect(await balance(fixed.company.token)).toEqual([{ currency: 'INR', dueMinor: 5_000_000, heldMinor: 5_000_000 }]);
    expect(await earnings(fixed.f.token)).toEqual([]);

    // Submitted and approved: released to the freelancer, less the fee.
    const submitted = okBody(
      await call(
        app,
        submitMilestone,
        { params: mid, body: { version: first.version + 1, note: 'Wireframes for every page.', links: [] } },
        { token: fixed.f.token },
      ),
    ).milestone;
    okBody(await call(app, approveMilestone, { params: mid, body: { version: submitted.version } }, { token: fixed.company.token }));
    const released = splitFee(5_000_000, 'INR');
    expect(await earnings(fixed.f.token)).toEqual([
      { currency: 'INR', grossMinor: 5_000_000, feeMinor: released.fee, netMinor: released.net },
    ]);
    expect(await balance(fixed.company.token)).toEqual([{ currency: 'INR', dueMinor: 5_000_000, heldMinor: 0 }]);

    // Equal to the documents' sums: the company's invoices and the freelancer's statements.
    const invoiced = okBody(await call(app, listCompanyInvoices, {}, { token: hourly.company.token })).documents;
    expect(invoiced.reduce((sum, d) => sum + d.grossMinor, 0)).toBe(146_000);
    const statements = okBody(await call(app, listFreelancerStatements, {}, { token: hourly.f.token })).documents;
    expect(statements.reduce((sum, d) => sum + d.netMinor, 0)).toBe(week.net);

    // Each party sees only its own; the other role is refused.
    expect(await earnings(fixed.f.token)).not.toContainEqual(expect.objectContaining({ currency: 'USD' }));
    expectFailure(await call(app, getFreelancerEarnings, {}, { token: hourly.company.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, getCompanyBalance, {}, { token: hourly.f.token }), 403, 'TL_CORE_00403_E');
  });
});
