// @vitest-environment happy-dom
import { ERRORS } from '@talentloop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../../lib/api-client.ts';
import { SupportBooking } from './support-booking.tsx';

// The support booking form offers the proven addresses (issue 18): the account's email and the
// company's verified one. Any other address is refused under the field, and nothing is sent.

let calls: Array<{ method: string; path: string }>;

beforeEach(() => {
  calls = [];
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      calls.push({ method: init?.method ?? 'GET', path });
      const body = { status: 'success', booking: null, defaultEmail: 'team@acme.test', emails: ['me@acme.test', 'team@acme.test'] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SupportBooking onBack={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('support booking form: who the invitation goes to', () => {
  it('starts with the default proven address and offers both proven addresses', async () => {
    renderForm();
    const email = (await screen.findByLabelText('Email Address')) as HTMLInputElement;
    expect(email.value).toBe('team@acme.test');
    const list = email.list;
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value'))).toEqual(['me@acme.test', 'team@acme.test']);
  });

  it('an address that is not proven is refused under the field, and no booking is sent', async () => {
    renderForm();
    const email = (await screen.findByLabelText('Email Address')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'stranger@elsewhere.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Call' }));
    const error = await screen.findByText(ERRORS.TL_CORE_12000_E.message);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(email.getAttribute('aria-describedby')).toBe(error.id);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // A proven address in another case is fine.
    fireEvent.change(email, { target: { value: 'ME@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book Call' }));
    await waitFor(() => expect(screen.queryByText(ERRORS.TL_CORE_12000_E.message)).toBeNull());
  });
});
