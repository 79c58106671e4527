import { describe, expect, it } from 'vitest';
import { MESSAGES, SignUpFormSchema } from './auth.ts';

// Issue 19: a form shows all its errors at once. The sign-up form's own cross-field checks (the
// company of a client, the confirmation) come with the other fields' messages, not a submit later.

const messages = (value: unknown) => SignUpFormSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('sign-up form, one check', () => {
  it('names the missing company and the unmatched confirmation beside a missing name', () => {
    expect(
      messages({
        userType: 'client',
        firstName: '',
        lastName: 'Iyer',
        company: '',
        emailId: 'maya@example.com',
        password: 'Str0ng!Passw0rd',
        confirmPassword: 'Str0ng!Passw0rx',
        terms: true,
      }),
    ).toEqual([
      `firstName: ${MESSAGES.firstNameRequired}`,
      `company: ${MESSAGES.companyRequired}`,
      `confirmPassword: ${MESSAGES.passwordsMismatch}`,
    ]);
  });

  it('asks a freelancer for no company', () => {
    const form = {
      userType: 'freelancer',
      firstName: 'Asha',
      lastName: 'Rao',
      emailId: 'a@example.com',
      password: 'Str0ng!Passw0rd',
      confirmPassword: 'Str0ng!Passw0rd',
      terms: true,
    };
    expect(SignUpFormSchema.parse(form)).toMatchObject({ userType: 'freelancer', firstName: 'Asha' });
  });
});
