import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from './field.tsx';

/**
 * A new password and its confirmation, the strength meter under the first: the password reset and
 * the account's password change ask for them alike (each form keeps its own rules and meter scale).
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
  meter,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
  meter: ReactNode;
}) {
  return (
    <>
      <PasswordField label="New password" autoComplete="new-password" error={errors.newPassword} after={meter} {...newPassword} />
      <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword} {...confirmPassword} />
    </>
  );
}
