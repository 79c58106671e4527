// @vitest-environment happy-dom
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { notify } from '../../../ui/toast.ts';
import { ProgressProvider } from '../progress.tsx';
import { ProfileBasicsStep } from './profile-basics-step.tsx';

// Profile Basics' own checks (issue 9: field messages in component tests). The browser suite shows
// the messages once (wizard.spec.ts) and walks the step with real saves.

// Rendering a whole form in happy-dom takes seconds on a loaded 2-core machine: wait for states, generously.
configure({ asyncUtilTimeout: 15_000 });

// The toasts are watched on the module the step itself uses: all the unit files share one module
// graph, and a `vi.mock` of toast.ts only reached the step when no file before had loaded it (the
// step then called the real notify and the assertion saw no call, by file order).

const EMPTY = {
  status: 'success',
  onBoardingStage: 'PROFILE_BASICS',
  firstName: '',
  lastName: '',
  description: '',
  mobileNo: null,
  dialingCode: null,
  countryCode: null,
  country: null,
  occupation: null,
  minHourlyRate: null,
  maxHourlyRate: null,
  experienceLevel: null,
  profilePhotoUrl: null,
  skills: [],
  languages: [],
};

let saves = 0;

function stubServer(profile: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      if (path === '/freelancer/onboarding-profile' && init?.method === 'POST') saves++;
      const body =
        path === '/freelancer/onboarding-profile'
          ? profile
          : path.startsWith('/search/')
            ? { status: 'success', data: [] }
            : { status: 'success' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  saves = 0;
  tokenState.set('token');
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'info').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

async function renderStep(profile: Record<string, unknown> = EMPTY) {
  stubServer(profile);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProgressProvider>
          <ProfileBasicsStep onSaved={() => {}} />
        </ProgressProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('button', { name: 'Continue' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input, textarea' });

describe('Profile Basics: an empty submit', { timeout: 90_000 }, () => {
  it('shows every field its message, marks the fields invalid, asks for the photo, and saves nothing', async () => {
    fireEvent.click(await renderStep());
    for (const message of [
      M.firstNameRequired,
      M.lastNameRequired,
      M.bioRequired,
      M.countryRequired,
      M.occupationRequired,
      M.experienceLevelRequired,
      M.hourlyRateRequired,
      M.dialingCodeRequired,
      M.phoneRequired,
      M.skillsMissing,
      M.languagesMissing,
    ])
      expect((await screen.findAllByText(message, { exact: true })).length, message).toBeGreaterThan(0);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Short bio').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Profile photo').getAttribute('aria-invalid')).toBe('true');
    expect(vi.mocked(notify.error)).toHaveBeenCalledWith(M.photoRequiredTitle, M.photoRequired);
    expect(saves).toBe(0);
  });
});

// Each test renders the whole step once (seconds in happy-dom), so the rules share renders.
describe('Profile Basics: the field rules as typed', { timeout: 90_000 }, () => {
  it('drops double quotes from the bio, and refuses a malformed rate and a phone number invalid for the country', async () => {
    fireEvent.click(await renderStep({ ...EMPTY, countryCode: 'IN', dialingCode: '+91' }));
    // After the first submit the fields are checked as they change.
    await screen.findByText(M.hourlyRateRequired);
    fireEvent.input(field('Short bio'), { target: { value: 'Say "hi"' } });
    expect((field('Short bio') as HTMLTextAreaElement).value).toBe('Say hi');
    expect(await screen.findByText(M.bioQuotes)).toBeTruthy();
    expect(screen.getByText('6/255')).toBeTruthy();
    fireEvent.change(field('Hourly rate (USD)'), { target: { value: '12.5.1' } });
    expect(await screen.findByText(M.hourlyRateFormat)).toBeTruthy();
    fireEvent.change(field('Phone number'), { target: { value: '12345' } });
    expect(await screen.findByText(M.phoneInvalid)).toBeTruthy();
    expect(saves).toBe(0);
  });

  it('asks for a skill, its years and a language before adding them, and refuses a non-image or a photo over 2 MB', async () => {
    await renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(await screen.findByText(M.selectSkill)).toBeTruthy();
    fireEvent.change(field('Skill'), { target: { value: 'Figma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(await screen.findByText(M.selectSkillLevel)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add language' }));
    expect(await screen.findByText(M.selectLanguage)).toBeTruthy();

    const picker = screen.getByLabelText('Profile photo');
    fireEvent.change(picker, { target: { files: [new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(vi.mocked(notify.error)).toHaveBeenCalledWith(M.photoTypeTitle, expect.any(String));
    fireEvent.change(picker, { target: { files: [new File([new Uint8Array(2_097_153)], 'huge.png', { type: 'image/png' })] } });
    expect(vi.mocked(notify.error)).toHaveBeenCalledWith(M.photoSizeTitle, expect.any(String));
    expect(screen.queryByRole('img', { name: 'Your profile' })).toBeNull();
  });
});
