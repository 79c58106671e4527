import { describe, expect, it } from 'vitest';
import { isTabOpen, stageDestination, stageIndex, stageTab } from './stage.ts';

describe('stage rules', () => {
  it('sends each stage to its destination and anything else to the fallback', () => {
    expect(stageDestination('COMPLETED')).toBe('/freelancer/dashboard');
    expect(stageDestination('PROFILE_BASICS')).toBe('/freelancer/profile-setup');
    expect(stageDestination('EDUCATION_DETAILS')).toBe('/freelancer/profile-setup?stage=education-and-experience');
    expect(stageDestination('WORK_PREFERENCES')).toBe('/freelancer/profile-setup?stage=work-preference');
    expect(stageDestination(null)).toBe('/freelancer/login');
    expect(stageDestination('SOMETHING')).toBe('/freelancer/login');
  });
  it('opens the wizard tab of the stored stage', () => {
    expect(stageTab(undefined)).toBe('profile-basics');
    expect(stageTab('EDUCATION_DETAILS')).toBe('education-and-experience');
    expect(stageTab('WORK_PREFERENCES')).toBe('work-preference');
  });
  it('gates the second and third tabs by stage', () => {
    expect(isTabOpen('profile-basics', null)).toBe(true);
    expect(isTabOpen('education-and-experience', 'PROFILE_BASICS')).toBe(false);
    expect(isTabOpen('education-and-experience', 'EDUCATION_DETAILS')).toBe(true);
    expect(isTabOpen('work-preference', 'EDUCATION_DETAILS')).toBe(false);
    expect(isTabOpen('work-preference', 'WORK_PREFERENCES')).toBe(true);
    expect(isTabOpen('work-preference', 'COMPLETED')).toBe(true);
  });
  it('orders stages, unknown ones at the start', () => {
    expect(stageIndex('COMPLETED')).toBe(3);
    expect(stageIndex('nope')).toBe(0);
  });
});
