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
 * pages load no radio-group library before their first paint (issue 12). The chosen card's look
 * follows the radio itself (`has-checked`), so a choice made before the scripts run (or without
 * them) shows as chosen (issue 37); `name` is the field's name when its form is posted.
 */
export function UserTypeRadio({ value, onChange, name = 'account-type' }: { value: Role; onChange: (role: Role) => void; name?: string }) {
  return (
    <div role="radiogroup" aria-label="Account type" className="grid grid-cols-1 gap-3 min-[440px]:grid-cols-2">
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <label
          key={v}
          className={cn(
            'relative flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 text-left text-sm font-medium text-balance transition-colors',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-default',
            'border-line bg-white text-ink hover:not-has-checked:bg-surface has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800',
          )}
        >
          <input
            type="radio"
            name={name}
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
