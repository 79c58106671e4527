import { ProfileSetupWizard } from './profile-setup-wizard.tsx';

/** /freelancer/profile-setup: the onboarding wizard. spec: auth-onboarding §2 */
export function ProfileSetupPage() {
  return <ProfileSetupWizard />;
}
