import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages.ts';
import { ChangePasswordBody, ChangePasswordFormSchema, SECURITY_MESSAGES } from './security.ts';

const messages = (value: unknown) => ChangePasswordFormSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('change password form', () => {
  it('needs the current password, a new one with the sign-up rules, and the same confirmation', () => {
    expect(messages({ currentPassword: '', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' })).toEqual([
      SECURITY_MESSAGES.currentRequired,
    ]);
    expect(messages({ currentPassword: 'Old!Passw0rd', newPassword: 'short', confirmPassword: 'short' })).toEqual([MESSAGES.passwordShort]);
    expect(messages({ currentPassword: 'Old!Passw0rd', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pas' })).toEqual([
      MESSAGES.passwordsMismatch,
    ]);
    expect(messages({ currentPassword: 'Str0ng!Pass', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' })).toEqual([
      SECURITY_MESSAGES.samePassword,
    ]);
    expect(messages({ currentPassword: 'Old!Passw0rd', newPassword: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' })).toEqual([]);
  });

  it('the wire refuses a weak new password with the sign-up code and never trims passwords', () => {
    expect(ChangePasswordBody.safeParse({ currentPassword: 'x', newPassword: 'weakpass' }).error?.issues[0]?.message).toBe(
      'TL_CORE_01032_E',
    );
    expect(ChangePasswordBody.parse({ currentPassword: ' x ', newPassword: ' Str0ng!Pass ' })).toEqual({
      currentPassword: ' x ',
      newPassword: ' Str0ng!Pass ',
    });
  });
});
