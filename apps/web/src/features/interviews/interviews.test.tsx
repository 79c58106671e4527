// @vitest-environment happy-dom
import { INTERVIEW_MESSAGES } from '@talentloop/contract/api/interviews';
import { utcToZoned } from '@talentloop/contract/rules/interview-times';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenState } from '../../lib/api-client.ts';
import { CandidateInterviews, ProfileInterviewAction } from './company-interviews.tsx';
import { FreelancerInterviewsSection } from './freelancer-interviews.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

// Interviews on screen (issue 22): the freelancer reads proposals in their own zone, named, and
// accepts one with the interview's version; the company's form checks times and places with the
// contract's rules before anything is sent.

configure({ asyncUtilTimeout: 15_000 });

type Answer = { status: number; body: unknown };
const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { status: 'success', ...body } });

function fakeServer() {
  const answers: Record<string, Answer> = {};
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers[`${method} ${path}`] ?? {
        status: 404,
        body: { status: 'failure', responseCode: 'TL_CORE_00404_E', responseMessage: 'x' },
      };
      return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    on: (route: string, answer: Answer) => {
      answers[route] = answer;
    },
    sent: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

const proposal = {
  id: 'i1',
  status: 'proposed',
  counterpart: { name: 'Acme Labs', slug: null, detail: null },
  candidateId: null,
  durationMinutes: 60,
  locationKind: 'link',
  location: 'https://meet.example.com/abc',
  note: 'Bring your portfolio.',
  companyTimeZone: 'America/New_York',
  freelancerTimeZone: 'Europe/Berlin',
  slots: [
    { id: 's1', position: 0, startsAt: '2027-03-13T14:00:00.000Z', endsAt: '2027-03-13T15:00:00.000Z' },
    { id: 's2', position: 1, startsAt: '2027-03-15T13:00:00.000Z', endsAt: '2027-03-15T14:00:00.000Z' },
  ],
  startsAt: null,
  endsAt: null,
  reason: null,
  changedBy: null,
  sequence: 0,
  version: 2,
  createdAt: '2027-03-10T10:00:00.000Z',
  updatedAt: '2027-03-10T10:00:00.000Z',
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  tokenState.set('token');
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>);

describe('the freelancer’s interviews', () => {
  it('shows a New York proposal in Berlin time with the zone’s name, and accepts the chosen time with the version', async () => {
    server.on('GET /freelancer/time-zone', ok({ timeZone: 'Europe/Berlin' }));
    server.on('GET /freelancer/interviews', ok({ interviews: [proposal] }));
    server.on(
      'POST /freelancer/interviews/i1/accept',
      ok({ responseMessage: 'Interview accepted', interview: { ...proposal, status: 'accepted' } }),
    );
    wrap(<FreelancerInterviewsSection />);
    const group = await screen.findByRole('group', { name: 'Choose a time' });
    expect(within(group).getByText('Sat, 13 Mar 2027, 3:00 PM – 4:00 PM')).toBeTruthy();
    expect(within(group).getByText('Mon, 15 Mar 2027, 2:00 PM – 3:00 PM')).toBeTruthy();
    expect(screen.getByText(/Times in Europe\/Berlin \(GMT\+/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Accept time' }));
    expect(await screen.findByText('Choose one of the times first.')).toBeTruthy();
    expect(server.sent('POST /freelancer/interviews/i1/accept')).toHaveLength(0);
    fireEvent.click(within(group).getByRole('radio', { name: /15 Mar 2027/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept time' }));
    await waitFor(() => expect(server.sent('POST /freelancer/interviews/i1/accept')).toHaveLength(1));
    expect(server.sent('POST /freelancer/interviews/i1/accept')[0]?.body).toEqual({ slotId: 's2', version: 2 });
  });

  it('saves the browser’s zone the first time none is saved', async () => {
    server.on('GET /freelancer/time-zone', ok({ timeZone: null }));
    server.on('PUT /freelancer/time-zone', ok({ responseMessage: 'Time zone saved', timeZone: 'UTC' }));
    server.on('GET /freelancer/interviews', ok({ interviews: [] }));
    wrap(<FreelancerInterviewsSection />);
    expect(await screen.findByText(/No interviews yet/)).toBeTruthy();
    await waitFor(() => expect(server.sent('PUT /freelancer/time-zone')).toHaveLength(1));
    expect(server.sent('PUT /freelancer/time-zone')[0]?.body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });
});

describe('upcoming and earlier interviews, by end time', () => {
  const hour = 3_600_000;
  const acceptedAt = (id: string, startsIn: number, company: string) => ({
    ...proposal,
    id,
    status: 'accepted',
    counterpart: { name: company, slug: null, detail: null },
    slots: [],
    startsAt: new Date(Date.now() + startsIn * hour).toISOString(),
    endsAt: new Date(Date.now() + (startsIn + 1) * hour).toISOString(),
  });

  it('the freelancer sees an interview that ended under Earlier, marked Ended, without Reschedule or Cancel', async () => {
    server.on('GET /freelancer/time-zone', ok({ timeZone: 'Europe/Berlin' }));
    server.on('GET /freelancer/interviews', ok({ interviews: [acceptedAt('i1', 24, 'Ahead Labs'), acceptedAt('i2', -3, 'Ended Labs')] }));
    wrap(<FreelancerInterviewsSection />);
    const upcoming = (await screen.findByRole('heading', { name: 'Ahead Labs' })).closest('li') as HTMLElement;
    expect(within(upcoming).getByText('Accepted')).toBeTruthy();
    expect(within(upcoming).getByRole('button', { name: 'Cancel interview' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ended Labs' })).toBeNull();
    const earlier = screen.getByRole('heading', { name: 'Earlier' }).nextElementSibling as HTMLElement;
    const ended = within(earlier).getByText('Ended Labs').closest('li') as HTMLElement;
    expect(within(ended).getByText('Ended')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Cancel interview' })).toHaveLength(1);
  });

  it('the company sees an interview that ended as Ended, with Mark held and No-show instead of Reschedule', async () => {
    server.on('GET /company/time-zone', ok({ timeZone: 'America/New_York' }));
    server.on('GET /company/interviews', ok({ interviews: [{ ...acceptedAt('i2', -3, 'Acme Labs'), candidateId: 'c1' }] }));
    wrap(<CandidateInterviews candidateId="c1" slug="asha-k" name="Asha K" />);
    expect(await screen.findByText('Ended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark held' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull();
  });
});

describe('Schedule Interview', () => {
  it('checks the times and the link with the contract’s rules, then sends the wall-clock times with the zone', async () => {
    server.on('GET /company/time-zone', ok({ timeZone: 'America/New_York' }));
    server.on('POST /company/interviews', ok({ responseMessage: 'Interview times sent', interview: proposal }));
    const onClose = vi.fn();
    wrap(<ScheduleDialog target={{ slug: 'asha-k', name: 'Asha K', candidateId: 'c1' }} onClose={onClose} />);
    await waitFor(() => expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('America/New_York'));
    const day = utcToZoned(new Date(Date.now() + 3 * 86_400_000), 'America/New_York').date;
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: day } });
    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '10:10' } });
    fireEvent.change(screen.getByLabelText('Meeting link or phone number'), { target: { value: 'http://meet.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(INTERVIEW_MESSAGES.offGrid)).toBeTruthy();
    expect(screen.getByText(INTERVIEW_MESSAGES.linkNotHttps)).toBeTruthy();
    expect(server.sent('POST /company/interviews')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Start time/), { target: { value: '10:15' } });
    fireEvent.change(screen.getByLabelText('Meeting link or phone number'), { target: { value: 'https://meet.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(server.sent('POST /company/interviews')).toHaveLength(1));
    expect(server.sent('POST /company/interviews')[0]?.body).toMatchObject({
      slug: 'asha-k',
      candidateId: 'c1',
      timeZone: 'America/New_York',
      times: [{ date: day, time: '10:15' }],
      durationMinutes: 60,
      location: 'https://meet.example.com/x',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('a candidate’s interviews on the shortlist', () => {
  it('offers Schedule Interview only while the candidacy is not decided (Selected or Not selected)', async () => {
    server.on('GET /company/interviews', ok({ interviews: [] }));
    const open = wrap(<CandidateInterviews candidateId="c1" slug="asha-k" name="Asha Rao" canSchedule />);
    expect(await screen.findByText('No interview yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Schedule Interview' })).toBeTruthy();
    open.unmount();
    wrap(<CandidateInterviews candidateId="c1" slug="asha-k" name="Asha Rao" canSchedule={false} />);
    expect(await screen.findByText('No interview yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Schedule Interview' })).toBeNull();
  });

  it('on the profile, offers Schedule Interview unless every list has decided on the freelancer (Selected or later)', async () => {
    server.on('GET /company/interviews', ok({ interviews: [] }));
    const action = (stages: string[]) => wrap(<ProfileInterviewAction slug="asha-k" name="Asha Rao" canSchedule stages={stages} />);
    let view = action([]);
    expect(await screen.findByRole('button', { name: 'Schedule Interview' })).toBeTruthy();
    view.unmount();
    view = action(['selected', 'shortlisted']);
    expect(await screen.findByRole('button', { name: 'Schedule Interview' })).toBeTruthy();
    view.unmount();
    view = action(['selected']);
    await waitFor(() => expect(server.sent('GET /company/interviews').length).toBeGreaterThan(2));
    expect(screen.queryByRole('button', { name: /Schedule Interview/ })).toBeNull();
    view.unmount();
    action(['not_selected', 'selected']);
    expect(screen.queryByRole('button', { name: /Schedule Interview/ })).toBeNull();
  });
});
