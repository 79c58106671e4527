import { describe, expect, test } from 'vitest';
import { fullName, roleLabel, stageLabel } from './account-labels.ts';

describe('account labels', () => {
  test('an operator is named first, then the side of the marketplace', () => {
    expect(roleLabel({ roles: ['freelancer', 'operator'], kind: 'freelancer' })).toBe('Operator, Freelancer');
    expect(roleLabel({ roles: ['client'], kind: 'company' })).toBe('Company');
  });

  test('a freelancer shows onboarding until complete, then the vetting status', () => {
    expect(stageLabel({ kind: 'freelancer', onboardingStage: 'EDUCATION_DETAILS', vettingStatus: 'not_submitted' })).toEqual({
      primary: 'Onboarding: education',
    });
    expect(stageLabel({ kind: 'freelancer', onboardingStage: 'COMPLETED', vettingStatus: 'in_review' })).toEqual({
      primary: 'In review',
      secondary: 'Onboarding complete',
    });
  });

  test('a company shows its verification and name, or that it has no profile yet', () => {
    expect(stageLabel({ kind: 'company', companyName: 'Acme', verificationStatus: 'pending' })).toEqual({
      primary: 'Documents in review',
      secondary: 'Acme',
    });
    expect(stageLabel({ kind: 'company', companyName: null, verificationStatus: null })).toEqual({ primary: 'No company profile yet' });
    expect(fullName({ firstName: ' ', lastName: '' })).toBe('No name');
  });
});
