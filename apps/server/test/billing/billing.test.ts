import {
  BILLING_MESSAGES,
  COMPANY_NAME_MESSAGES,
  type CompanyBillingFields,
  type FreelancerBillingFields,
  TAX_NUMBER_LABELS,
  getCompanyBilling,
  getFreelancerBilling,
  saveCompanyBilling,
  saveFreelancerBilling,
  sendBillingEmailCode,
  verifyBillingEmail,
} from '@talentloop/contract/api/billing';
import { PROFILE_MESSAGES } from '@talentloop/contract/validation/profile-messages';
import { TAX_NUMBER_MESSAGES } from '@talentloop/contract/rules/tax-numbers';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { companyBillingReady, freelancerBillingReady } from '../../src/features/billing/service.ts';
import { companies, companyBilling, outbox } from '../../src/infra/db/schema.ts';
import { type TestApp, call, expectFailure, expectOk, findUser, okBody, otherCode, uniqueEmail, until, useApi } from '../helpers.ts';

// Billing details (issue 34, decision 202): every rule on the wire with the contract's message, a
// stale save refused, the billing email mailed nothing but its code until proven, and readiness
// for the engagement feature.

const env = useApi();

async function client(app: TestApp, company = 'Acme Labs') {
  const account = await app.signUp(uniqueEmail('client'), { userType: 'client', company });
  const session = await app.verify(account.email);
  const user = await findUser(app.db, account.email);
  return { email: account.email, token: session.accessToken, userId: user?.id as string };
}

async function freelancer(app: TestApp) {
  const account = await app.createUser(uniqueEmail('talent'));
  const user = await findUser(app.db, account.email);
  return { email: account.email, token: account.accessToken, userId: user?.id as string };
}

const companyDetails = (over: Partial<CompanyBillingFields> = {}): CompanyBillingFields => ({
  legalName: 'Acme Labs Private Limited',
  addressLine1: '12 MG Road',
  addressLine2: 'Floor 3',
  city: 'Bengaluru',
  postalCode: '560001',
  country: 'IN',
  taxNumber: '27AAPFU0939F1ZV',
  billingEmail: 'accounts@acme.example',
  ...over,
});

const freelancerDetails = (over: Partial<FreelancerBillingFields> = {}): FreelancerBillingFields => ({
  legalName: 'María-José O’Brien',
  addressLine1: '4 Park Street',
  city: 'Kolkata',
  postalCode: '700016',
  country: 'IN',
  taxNumber: null,
  ...over,
});

/** The newest code mailed to `email` (the company email's template), from the test SMTP server. */
function codeSentTo(email: string, seen = 0): Promise<string> {
  return until(
    () => {
      for (const mail of env.mailbox.mailTo(email).slice(seen).reverse()) {
        const match = /Use this code to verify your company email: (\d{5})/.exec(mail.decoded);
        if (match?.[1]) return match[1];
      }
      return undefined;
    },
    `a code for ${email}`,
    20_000,
  );
}

describe('company billing details', () => {
  test('save, stale save refused, the billing email proven by its code, then ready', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await client(app);
    const empty = okBody(await call(app, getCompanyBilling, {}, { token: c.token }));
    expect(empty).toMatchObject({
      version: 0,
      billing: null,
      readiness: { ready: false, missing: ['legalName', 'address', 'billingEmail'] },
    });

    const saved = okBody(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ taxNumber: '27aapfu0939f1zv' }), version: 0 } },
        { token: c.token },
      ),
    );
    expect(saved).toMatchObject({
      version: 1,
      responseMessage: BILLING_MESSAGES.saved,
      billing: { taxNumber: '27AAPFU0939F1ZV', billingEmail: 'accounts@acme.example', billingEmailProven: false },
      readiness: { ready: false, missing: ['billingEmailProof'] },
    });
    // A save from the version before is refused and changes nothing.
    const stale = await call(app, saveCompanyBilling, { body: { ...companyDetails({ city: 'Mysuru' }), version: 0 } }, { token: c.token });
    expectFailure(stale, 409, 'TL_CORE_34205_E');
    expect(okBody(await call(app, getCompanyBilling, {}, { token: c.token })).billing?.city).toBe('Bengaluru');

    // Nothing but the code reaches the unproven address; the code only for the saved address.
    expectFailure(
      await call(app, sendBillingEmailCode, { body: { email: 'other@acme.example' } }, { token: c.token }),
      409,
      'TL_CORE_34206_E',
    );
    expect(await app.db.select().from(outbox).where(eq(outbox.to, 'other@acme.example'))).toEqual([]);
    expectOk(await call(app, sendBillingEmailCode, { body: { email: 'accounts@acme.example' } }, { token: c.token }));
    const code = await codeSentTo('accounts@acme.example');
    expect((await app.db.select().from(outbox).where(eq(outbox.to, 'accounts@acme.example'))).length).toBe(1);
    expectFailure(
      await call(app, verifyBillingEmail, { body: { email: 'accounts@acme.example', otp: otherCode(code) } }, { token: c.token }),
      400,
      'TL_CORE_01015_E',
    );
    const verified = okBody(
      await call(app, verifyBillingEmail, { body: { email: 'accounts@acme.example', otp: code } }, { token: c.token }),
    );
    expect(verified).toMatchObject({ billing: { billingEmailProven: true }, readiness: { ready: true, missing: [] } });
    const [company] = await app.db.select().from(companies).where(eq(companies.ownerUserId, c.userId));
    expect(await companyBillingReady(app.db, company?.id as string)).toEqual({ ready: true, missing: [] });

    // Changing the billing email takes the proof away until the new address is proven.
    const moved = okBody(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ billingEmail: 'ap@acme.example' }), version: 1 } },
        { token: c.token },
      ),
    );
    expect(moved).toMatchObject({
      version: 2,
      billing: { billingEmailProven: false },
      readiness: { ready: false, missing: ['billingEmailProof'] },
    });
    // The account's own (proven) address counts at once.
    const own = okBody(
      await call(app, saveCompanyBilling, { body: { ...companyDetails({ billingEmail: c.email }), version: 2 } }, { token: c.token }),
    );
    expect(own).toMatchObject({ billing: { billingEmailProven: true }, readiness: { ready: true } });
  });

  test('a code proves only the address still saved', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await client(app, 'Globex Corp');
    expectOk(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ billingEmail: 'one@globex.example' }), version: 0 } },
        { token: c.token },
      ),
    );
    expectOk(await call(app, sendBillingEmailCode, { body: { email: 'one@globex.example' } }, { token: c.token }));
    const code = await codeSentTo('one@globex.example');
    expectOk(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ billingEmail: 'two@globex.example' }), version: 1 } },
        { token: c.token },
      ),
    );
    expectFailure(
      await call(app, verifyBillingEmail, { body: { email: 'one@globex.example', otp: code } }, { token: c.token }),
      409,
      'TL_CORE_34206_E',
    );
    const [row] = await app.db
      .select()
      .from(companyBilling)
      .innerJoin(companies, eq(companies.id, companyBilling.companyId))
      .where(eq(companies.ownerUserId, c.userId));
    expect(row?.company_billing.verifiedBillingEmail).toBeNull();
  });

  test.each([
    ['a GSTIN with a wrong check character', { taxNumber: '27AAPFU0939F1ZA' }, 'taxNumber', TAX_NUMBER_MESSAGES.gstinCheck],
    ['a GSTIN of the wrong shape', { taxNumber: '27AAPFU0939F1Z' }, 'taxNumber', TAX_NUMBER_MESSAGES.gstinFormat],
    ['a GSTIN with no such state', { taxNumber: '40AAPFU0939F1ZV' }, 'taxNumber', TAX_NUMBER_MESSAGES.gstinState],
    [
      'a German VAT number with a wrong check digit',
      { country: 'DE', postalCode: '10115', taxNumber: 'DE136695975' },
      'taxNumber',
      TAX_NUMBER_MESSAGES.vatCheck,
    ],
    [
      'a French VAT number in Germany',
      { country: 'DE', postalCode: '10115', taxNumber: 'FR40303265045' },
      'taxNumber',
      TAX_NUMBER_MESSAGES.vatFormat('DE'),
    ],
    [
      'a tax number where none is taken',
      { country: 'US', postalCode: '94105', taxNumber: '12-3456789' },
      'taxNumber',
      TAX_NUMBER_MESSAGES.notForCountry,
    ],
    ['an Indian PIN code of 5 digits', { postalCode: '56001' }, 'postalCode', BILLING_MESSAGES.pinCodeInvalid],
    ['a country not on the list', { country: 'XX' }, 'country', PROFILE_MESSAGES.countryInvalid],
    ['no legal name', { legalName: '  ' }, 'legalName', BILLING_MESSAGES.legalNameRequired],
    ['a link as the legal name', { legalName: 'www.acme.example' }, 'legalName', COMPANY_NAME_MESSAGES.invalid],
    ['markup in the address', { addressLine1: '<b>12</b> MG Road' }, 'addressLine1', 'The characters < and > are not allowed'],
    ['no city', { city: '' }, 'city', BILLING_MESSAGES.cityRequired],
    ['a bad billing email', { billingEmail: 'accounts@' }, 'billingEmail', 'Invalid email format'],
  ] as const)('refuses %s with the contract message, changing nothing', async (_name, over, field, message) => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await client(app);
    const res = await call(
      app,
      saveCompanyBilling,
      { body: { ...companyDetails(over as Partial<CompanyBillingFields>), version: 0 } },
      { token: c.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ responseCode: 'TL_CORE_00400_E', responseMessage: `${field}: ${message}` });
    expect(okBody(await call(app, getCompanyBilling, {}, { token: c.token })).billing).toBeNull();
  });

  test('EU VAT numbers pass with or without their prefix (Greece: EL), stored with it', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const c = await client(app);
    const de = okBody(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ country: 'DE', postalCode: '10115', taxNumber: '136 695 976' }), version: 0 } },
        { token: c.token },
      ),
    );
    expect(de.billing?.taxNumber).toBe('DE136695976');
    const gr = okBody(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ country: 'GR', postalCode: '10431', taxNumber: '094014201' }), version: 1 } },
        { token: c.token },
      ),
    );
    expect(gr.billing?.taxNumber).toBe('EL094014201');
    expect(TAX_NUMBER_LABELS.eu_vat).toBe('VAT number');
  });

  test('billing details are the caller company’s only, and closed to other roles', async () => {
    const app = await env.start({ config: { clientAccounts: true } });
    const a = await client(app, 'Alpha Works');
    const b = await client(app, 'Beta Works');
    expectOk(
      await call(
        app,
        saveCompanyBilling,
        { body: { ...companyDetails({ legalName: 'Alpha Works Ltd' }), version: 0 } },
        { token: a.token },
      ),
    );
    // B sees its own (none), and its save at A's version writes B's row, never A's.
    expect(okBody(await call(app, getCompanyBilling, {}, { token: b.token })).billing).toBeNull();
    expectFailure(
      await call(app, saveCompanyBilling, { body: { ...companyDetails(), version: 1 } }, { token: b.token }),
      409,
      'TL_CORE_34205_E',
    );
    expect(okBody(await call(app, getCompanyBilling, {}, { token: a.token })).billing?.legalName).toBe('Alpha Works Ltd');
    const f = await freelancer(app);
    expectFailure(await call(app, getCompanyBilling, {}, { token: f.token }), 403, 'TL_CORE_00403_E');
    expectFailure(await call(app, getFreelancerBilling, {}, { token: a.token }), 403, 'TL_CORE_00403_E');
  });
});

describe('freelancer billing details', () => {
  test('legal name by the house name rule and an address; stale save refused; ready', async () => {
    const app = await env.start();
    const f = await freelancer(app);
    expect(await freelancerBillingReady(app.db, f.userId)).toEqual({ ready: false, missing: ['legalName', 'address'] });
    const bad = await call(
      app,
      saveFreelancerBilling,
      { body: { ...freelancerDetails({ legalName: 'Asha R4o' }), version: 0 } },
      { token: f.token },
    );
    expect(bad.body).toMatchObject({
      responseCode: 'TL_CORE_00400_E',
      responseMessage: `legalName: ${BILLING_MESSAGES.personLegalNameLetters}`,
    });
    const saved = okBody(await call(app, saveFreelancerBilling, { body: { ...freelancerDetails(), version: 0 } }, { token: f.token }));
    expect(saved).toMatchObject({
      version: 1,
      billing: { legalName: 'María-José O’Brien', addressLine2: '' },
      readiness: { ready: true, missing: [] },
    });
    expectFailure(
      await call(app, saveFreelancerBilling, { body: { ...freelancerDetails({ city: 'Pune' }), version: 0 } }, { token: f.token }),
      409,
      'TL_CORE_34205_E',
    );
    const badGstin = await call(
      app,
      saveFreelancerBilling,
      { body: { ...freelancerDetails({ taxNumber: '27AAPFU0939F1ZA' }), version: 1 } },
      { token: f.token },
    );
    expect(badGstin.body).toMatchObject({ responseMessage: `taxNumber: ${TAX_NUMBER_MESSAGES.gstinCheck}` });
    expect(okBody(await call(app, getFreelancerBilling, {}, { token: f.token }))).toMatchObject({
      version: 1,
      billing: { city: 'Kolkata', taxNumber: null },
    });
    expect(await freelancerBillingReady(app.db, f.userId)).toEqual({ ready: true, missing: [] });
  });
});
