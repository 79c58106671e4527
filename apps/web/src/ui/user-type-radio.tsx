import { BriefcaseBusiness, UserRound } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import type { Role } from '../lib/session-store.ts';
import { cn } from './cn.ts';

const OPTIONS: Array<{ value: Role; label: string; Icon: typeof UserRound }> = [
  { value: 'freelancer', label: 'Join as Remote Talent', Icon: UserRound },
  { value: 'client', label: 'Hire Talent', Icon: BriefcaseBusiness },
];

/** Freelancer or client; spec: auth-onboarding §2 Login (user-type radio). */
export function UserTypeRadio({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(v) => onChange(v as Role)}
      aria-label="Account type"
      className="grid grid-cols-1 gap-3 min-[440px]:grid-cols-2"
    >
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <RadioGroup.Item
          key={v}
          value={v}
          className={cn(
            'flex min-h-12 items-center gap-2 rounded-xl border px-3 text-left text-sm font-medium text-balance transition-colors',
            value === v ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-line bg-white text-ink hover:bg-surface',
          )}
        >
          <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
          {label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
