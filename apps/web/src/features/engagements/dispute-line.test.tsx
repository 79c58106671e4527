// @vitest-environment happy-dom
import type { DisputableInvoice, DisputeRead } from '@talentloop/contract/api/disputes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { DisputeLine } from './dispute-line.tsx';

// The Dispute button only within the invoice's 30 days (the window's end said), a line saying why
// once it has passed, and a dispute's words and the Answer for the other side only.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

const invoice = (over: Partial<DisputableInvoice>): DisputableInvoice => ({
  invoiceId: 'inv-1',
  number: 'INV-2026-0001',
  issueDate: '2026-11-02',
  currency: 'EUR',
  grossMinor: 80_000,
  work: 'timesheet',
  disputeUntil: '2026-12-02',
  canDispute: true,
  disputeId: null,
  ...over,
});

const dispute: DisputeRead = {
  id: 'd-1',
  invoiceId: 'inv-1',
  invoiceNumber: 'INV-2026-0001',
  currency: 'EUR',
  grossMinor: 80_000,
  netMinor: 68_000,
  subject: 'timesheet',
  status: 'open',
  raisedBy: 'company',
  companyName: 'Acme Labs Inc.',
  freelancerName: 'Asha Rao',
  reason: 'Two hours were a cancelled meeting.',
  openedAt: '2026-11-20T10:00:00.000Z',
  answer: null,
  answeredAt: null,
  outcome: null,
  refundMinor: null,
  decisionReason: null,
  decidedAt: null,
  creditNoteNumber: null,
  version: 0,
  files: [],
};

function show(body: { disputes: DisputeRead[]; invoices: DisputableInvoice[] }, side: 'company' | 'freelancer') {
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'success', ...body }), { headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DisputeLine invoiceId="inv-1" side={side} />
    </QueryClientProvider>,
  );
}

describe('an invoice’s dispute line', () => {
  it('offers Dispute within the window and says until when', async () => {
    show({ disputes: [], invoices: [invoice({})] }, 'company');
    expect(await screen.findByRole('button', { name: 'Dispute INV-2026-0001' })).toBeTruthy();
    expect(screen.getByText(/^You can dispute this invoice until .*2026\.$/)).toBeTruthy();
  });

  it('after the window has no button and says why', async () => {
    show({ disputes: [], invoices: [invoice({ canDispute: false })] }, 'freelancer');
    expect(await screen.findByText(/The 30 days to dispute this invoice ended on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Dispute/ })).toBeNull();
  });

  it('shows the dispute, with Answer for the other side only', async () => {
    show({ disputes: [dispute], invoices: [invoice({ canDispute: false, disputeId: 'd-1' })] }, 'freelancer');
    expect(await screen.findByText(/Disputed by the company on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Answer the dispute of INV-2026-0001' })).toBeTruthy();
    cleanup();
    show({ disputes: [dispute], invoices: [invoice({ canDispute: false, disputeId: 'd-1' })] }, 'company');
    expect(await screen.findByText(/Disputed by you on/)).toBeTruthy();
    expect(screen.getByText('Waiting for the other side’s answer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Answer/ })).toBeNull();
  });
});
