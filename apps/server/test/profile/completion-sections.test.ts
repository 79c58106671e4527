import { describe, expect, test } from 'vitest';
import { useApi } from '../helpers.ts';
import { completedFreelancer, editor } from './support.ts';

const env = useApi();

describe('profile completion breakdown', () => {
  test('names each section’s part, the percentage agreeing with the sections’ loads', async () => {
    const app = await env.start();
    const user = await completedFreelancer(app);
    const api = editor(app, user.accessToken);
    const res = await api.get('/freelancer-settings/completion');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // A finished wizard leaves the portfolio and the certifications empty.
    expect(res.body.sections).toMatchObject({ skills: 1, education: 1, workExperience: 1, portfolio: 0, certification: 0 });
    const about = await api.get('/freelancer-settings/profile-details');
    expect(res.body.competitionPercentage).toBe(about.body.competitionPercentage);
  });

  test('is a freelancer’s only', async () => {
    const app = await env.start();
    const res = await app.get('/api/freelancer-settings/completion');
    expect(res.status).toBe(401);
  });
});
