import { BriefcaseBusiness, UserRound } from 'lucide-react';
import type { Role } from '../lib/session-store.ts';
import { cn } from './cn.ts';

const OPTIONS: Array<{ value: Role; label: string; Icon: typeof UserRound }> = [
  { value: 'freelancer', label: 'Join as Remote Talent', Icon: UserRound },
  { value: 'client', label: 'Hire Talent', Icon: BriefcaseBusiness },
];

/**
 * Freelancer or client; spec: auth-onboarding §2 Login (user-type radio). Native radios (arrow keys
 * move and choose, Tab enters at the chosen one), each covering its card: the login and sign-up
 * pages load no radio-group library before their first paint (issue 12).
 */
export function UserTypeRadio({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <div role="radiogroup" aria-label="Account type" className="grid grid-cols-1 gap-3 min-[440px]:grid-cols-2">
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <label
          key={v}
          className={cn(
            'relative flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 text-left text-sm font-medium text-balance transition-colors',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-default',
            value === v ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-line bg-white text-ink hover:bg-surface',
          )}
        >
          <input
            type="radio"
            name="account-type"
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className="absolute inset-0 m-0 h-full w-full cursor-[inherit] appearance-none rounded-xl opacity-0"
          />
          <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
          {label}
        </label>
      ))}
    </div>
  );
}
