// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { ContactTab } from './contact-form.tsx';

// The contact form's phone code follows the chosen country, as the wizard's does (issue 19: it kept
// '+91' after another country was chosen), until the user picks a code of their own.

configure({ asyncUtilTimeout: 15_000 });

const completion = { basics: 0, contact: 0, verification: 0, overall: 0 };
const emptyContact = {
  email: null,
  verifiedEmail: null,
  emailVerified: false,
  country: null,
  address: null,
  phone: null,
  phoneCountryCode: null,
  phoneNumber: null,
  socials: [],
};
let contact: Record<string, unknown>;

beforeEach(() => {
  contact = emptyContact;
  tokenState.set('token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const body = { status: 'success', version: 1, completion, contact };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenState.set(null);
});

/** Each select of the form is driven through the native select Radix keeps next to its trigger in a form. */
async function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactTab onSaved={() => {}} />
    </QueryClientProvider>,
  );
  const nativeOf = async (label: string) => {
    const trigger = await screen.findByLabelText(label);
    await waitFor(() => expect(trigger.parentElement?.querySelector('select')).toBeTruthy());
    return trigger.parentElement?.querySelector('select') as HTMLSelectElement;
  };
  const country = await nativeOf('Country');
  const code = await nativeOf('Country code');
  const codeShown = () => screen.getByLabelText('Country code').textContent;
  return { country, code, codeShown };
}

describe('company contact: the phone code follows the country', { timeout: 90_000 }, () => {
  it('takes the chosen country’s code instead of keeping +91', async () => {
    const { country, codeShown } = await renderForm();
    expect(codeShown()).toBe('+91');
    fireEvent.change(country, { target: { value: 'US' } });
    await waitFor(() => expect(codeShown()).toBe('+1'));
    fireEvent.change(country, { target: { value: 'DE' } });
    await waitFor(() => expect(codeShown()).toBe('+49'));
  });

  it('keeps a code the user picked, and one the list does not offer stays as it is', async () => {
    const { country, code, codeShown } = await renderForm();
    fireEvent.change(country, { target: { value: 'NG' } }); // +234 is not one of the 13 codes
    expect(codeShown()).toBe('+91');
    fireEvent.change(code, { target: { value: '+44' } });
    await waitFor(() => expect(codeShown()).toBe('+44'));
    fireEvent.change(country, { target: { value: 'FR' } });
    await waitFor(() => expect(country.value).toBe('FR'));
    expect(codeShown()).toBe('+44');
  });

  it('starts from the saved country’s code when no phone is saved yet', async () => {
    contact = { ...emptyContact, country: 'JP' };
    const { codeShown } = await renderForm();
    expect(codeShown()).toBe('+81');
  });
});
