// @vitest-environment happy-dom
import { TERMS_MESSAGES } from '@talentloop/contract/api/engagements';
import { MONEY_MESSAGES } from '@talentloop/contract/rules/money';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferForm } from './offer-form.tsx';

afterEach(cleanup);

const ready = { ready: true, missing: [] };
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const nextMonth = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
};

function renderForm(onSubmit = vi.fn(async () => {}), billing: { ready: boolean; missing: never[] | ['legalName'] } = ready) {
  render(<OfferForm freelancerName="Asha" billing={billing} billingHref="#billing" onSubmit={onSubmit} onCancel={vi.fn()} />);
  return onSubmit;
}

describe('OfferForm', () => {
  it("shows the 15% fee and the freelancer's net for the rate typed (the contract's splitFee)", () => {
    renderForm();
    expect(screen.getByText(/to see the 15% fee/)).toBeTruthy();
    type('Hourly rate (USD)', '80');
    expect(screen.getByText('$80.00')).toBeTruthy();
    expect(screen.getByText('$12.00')).toBeTruthy();
    expect(screen.getByText('$68.00')).toBeTruthy();
    expect(screen.getByText('Asha receives')).toBeTruthy();
  });

  it('adds up the milestones of a fixed price and shows the fee once on the total', () => {
    renderForm();
    fireEvent.click(screen.getByLabelText('Fixed price, by milestones'));
    type('Amount (USD)', '1000.05');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milestone' }));
    const amounts = screen.getAllByLabelText('Amount (USD)');
    fireEvent.change(amounts[1] as HTMLElement, { target: { value: '0.05' } });
    // 1000.10 in total: the fee is 150.015, rounded half up once to 150.02; net 850.08.
    expect(screen.getByText('$1,000.10')).toBeTruthy();
    expect(screen.getByText('$150.02')).toBeTruthy();
    expect(screen.getByText('$850.08')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove milestone 2' }));
    expect(screen.getAllByLabelText('Amount (USD)')).toHaveLength(1);
  });

  it("puts the contract's messages on the fields and sends nothing while the terms are not valid", async () => {
    const onSubmit = renderForm();
    type('Hourly rate (USD)', '80.123');
    type('Notice period (days)', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.getByText(TERMS_MESSAGES.roleTitleRequired)).toBeTruthy());
    expect(screen.getByText(TERMS_MESSAGES.scopeRequired)).toBeTruthy();
    expect(screen.getByText(MONEY_MESSAGES.tooManyDecimals('USD'))).toBeTruthy();
    expect(screen.getByText(TERMS_MESSAGES.noticeDays)).toBeTruthy();
    expect(screen.getByText(TERMS_MESSAGES.day)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // The first field with a problem, in the form's order, takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Role title')));
  });

  it('sends the terms in minor units, with the company zone left to the server when none is typed', async () => {
    const onSubmit = renderForm();
    type('Role title', 'Backend engineer');
    type(/Scope of the work/, 'Build the payments API and its tests.');
    type('Hourly rate (USD)', '80.50');
    type('Weekly cap (hours)', '20');
    const start = nextMonth();
    type('Start date', start);
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      roleTitle: 'Backend engineer',
      scope: 'Build the payments API and its tests.',
      kind: 'hourly',
      currency: 'USD',
      rateMinor: 8050,
      weeklyCapHours: 20,
      milestones: null,
      startDate: start,
      noticeDays: 30,
    });
  });

  it('says billing details are missing and links to them, and cannot be sent then', () => {
    renderForm(undefined, { ready: false, missing: ['legalName'] });
    expect(screen.getByText(/Before your first offer, add the legal name/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fill in billing details' }).getAttribute('href')).toBe('#billing');
    expect((screen.getByRole('button', { name: 'Send offer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
