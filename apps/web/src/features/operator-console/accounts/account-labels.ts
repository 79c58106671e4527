import { type AccountRow, COMPANY_VERIFICATION_LABELS, ONBOARDING_STAGE_LABELS } from '@talentloop/contract/api/operator-accounts';
import { VETTING_STATUS_LABELS } from '@talentloop/contract/api/talent-pool';

// How the accounts page names an account's role and stage (pure; tested beside).

/** 'Operator' first when held, then the account's side: 'Operator, Freelancer'. */
export function roleLabel(account: Pick<AccountRow, 'roles' | 'kind'>): string {
  const side = account.kind === 'company' ? 'Company' : 'Freelancer';
  return account.roles.includes('operator') ? `Operator, ${side}` : side;
}

/** Where the account is: a freelancer's onboarding, then vetting once onboarded; a company's name and verification. */
export function stageLabel(stage: AccountRow['stage']): { primary: string; secondary?: string } {
  if (stage.kind === 'company') {
    const status = stage.verificationStatus ? COMPANY_VERIFICATION_LABELS[stage.verificationStatus] : 'No company profile yet';
    return { primary: status, ...(stage.companyName ? { secondary: stage.companyName } : {}) };
  }
  const onboarding = ONBOARDING_STAGE_LABELS[stage.onboardingStage as keyof typeof ONBOARDING_STAGE_LABELS] ?? stage.onboardingStage;
  if (stage.onboardingStage !== 'COMPLETED' || !stage.vettingStatus) return { primary: onboarding };
  return { primary: VETTING_STATUS_LABELS[stage.vettingStatus], secondary: onboarding };
}

export function fullName(account: Pick<AccountRow, 'firstName' | 'lastName'>): string {
  return `${account.firstName} ${account.lastName}`.trim() || 'No name';
}
