// @vitest-environment happy-dom
import { submitCompanyDocuments } from '@talentloop/contract/api/company-verification';
import { saveOnboardingProfile } from '@talentloop/contract/api/onboarding';
import { savePortfolio } from '@talentloop/contract/api/portfolio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toFormData, tokenState, upload } from './api-client.ts';

// The web builds every upload from the endpoint's multipart declaration (issue 19), the one the
// server reads it by: same part names, JSON fields as JSON text, several files under one name.

afterEach(() => {
  vi.unstubAllGlobals();
  tokenState.set(null);
});

describe('multipart requests built from the contract', () => {
  it('writes JSON fields as JSON text and repeats a file part for each file, in order', () => {
    const a = new File(['a'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    const profileData = { version: 2, portfolioDetails: [] };
    const form = toFormData(savePortfolio.multipart, { fields: { profileData }, files: { portfolioContent: [a, b] } });
    expect(JSON.parse(String(form.get('profileData')))).toEqual(profileData);
    expect(form.getAll('portfolioContent').map((f) => (f as File).name)).toEqual(['a.pdf', 'b.png']);
  });

  it('writes text fields as they are, leaves out a missing file and anything the declaration does not name', () => {
    const file = new File(['%PDF'], 'c.pdf', { type: 'application/pdf' });
    const fields = { businessRegistrationNumber: '04-3544210', documentType: 'registration-certificate', country: 'US', extra: 'x' };
    const form = toFormData(submitCompanyDocuments.multipart, { fields, files: { documentFile: file } });
    expect([...form.keys()]).toEqual(['businessRegistrationNumber', 'documentType', 'country', 'documentFile']);
    expect(form.get('documentType')).toBe('registration-certificate');
    const noPhoto = toFormData(saveOnboardingProfile.multipart, { fields: {}, files: { profilePhoto: null } });
    expect([...noPhoto.keys()]).toEqual([]);
  });

  it('sends the form to the endpoint’s path and method with the bearer token, never as JSON', async () => {
    tokenState.set('token');
    const fetchMock = vi.fn(async (_url: URL | string, _init?: RequestInit) => new Response('{"status":"success"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await upload(savePortfolio, { fields: { profileData: { portfolioDetails: [] } }, files: {} });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/freelancer-settings\/portfolio-details$/);
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBeInstanceOf(FormData);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer token');
  });
});
