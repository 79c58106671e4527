// @vitest-environment happy-dom
import { PROFILE_MESSAGES as M } from '@talentloop/contract/validation/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { notify } from '../../../ui/toast.ts';
import { WorkPreferenceStep } from '../preference/work-preference-step.tsx';
import { ProgressProvider } from '../progress.tsx';
import { EducationStep } from './education-step.tsx';

// Steps 2 and 3: the messages of an empty submit and of empty entry forms (issue 9: field messages
// in component tests). The browser suite walks both steps with real saves (wizard.spec.ts); the
// date order rule is a contract test (validation/profile.test.ts).

// Rendering a whole step in happy-dom takes seconds on a loaded 2-core machine: wait for states, generously.
configure({ asyncUtilTimeout: 15_000 });
// The toasts are watched on the module the step itself uses: all the unit files share one module
// graph, and a `vi.mock` of toast.ts only reached the step when no file before had loaded it (the
// step then called the real notify and the assertion saw no call, by file order).

let writes: string[];

beforeEach(() => {
  writes = [];
  tokenState.set('token');
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'info').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      if (init?.method && init.method !== 'GET') writes.push(path);
      const body =
        path === '/freelancer/education-work'
          ? { status: 'success', onBoardingStage: 'EDUCATION_DETAILS', educationDetails: [], workExperience: [] }
          : path === '/freelancer/work-preference'
            ? {
                status: 'success',
                onBoardingStage: 'WORK_PREFERENCES',
                workPreferences: { minHoursPerWeek: null, maxHoursPerWeek: null, projectDurationPreference: null },
                minHoursPerWeek: null,
                maxHoursPerWeek: null,
                projectDurationPreference: null,
                version: 0,
                completion: 0,
              }
            : { status: 'success', data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function renderStep(step: 'education' | 'preference') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProgressProvider>
          {step === 'education' ? <EducationStep onBack={() => {}} onSaved={() => {}} /> : <WorkPreferenceStep onBack={() => {}} />}
        </ProgressProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Education & Experience: empty submits', { timeout: 90_000 }, () => {
  it('Continue without an entry asks for one and saves nothing', async () => {
    renderStep('education');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText(M.educationMissing)).length).toBeGreaterThan(0);
    expect(vi.mocked(notify.error)).toHaveBeenCalledWith(M.educationMissing);
    expect(writes).toEqual([]);
  });

  it('an empty education entry shows the message of each field', async () => {
    renderStep('education');
    const form = await screen.findByRole('form', { name: 'New education' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add education' }));
    for (const message of [M.degreeRequired, M.universityRequired, M.graduationYearRequired])
      expect(await within(form).findByText(message, { exact: true })).toBeTruthy();
  });

  it('an empty work entry shows the message of each field, the date as a start date', async () => {
    renderStep('education');
    fireEvent.click((await screen.findAllByRole('button', { name: /new experience/ }))[0] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'New work experience' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add experience' }));
    for (const message of [M.titleRequired, M.companyRequired, M.startRequired])
      expect(await within(form).findByText(message, { exact: true })).toBeTruthy();
    expect(writes).toEqual([]);
  });
});

describe('Work Preference: an empty submit', { timeout: 90_000 }, () => {
  it('asks for the hours and the duration and saves nothing', async () => {
    renderStep('preference');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.workHoursRequired)).toBeTruthy();
    expect(await screen.findByText(M.durationRequired)).toBeTruthy();
    expect(writes).toEqual([]);
  });
});
