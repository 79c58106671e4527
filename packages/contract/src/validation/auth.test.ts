import { describe, expect, it } from 'vitest';
import { login, passwordReset, register } from '../api/auth.ts';
import {
  LoginFormSchema,
  MESSAGES,
  ResetFormSchema,
  SignUpFormSchema,
  normalizeEmail,
  otpProblem,
  passwordProblem,
  strength3,
  strength5,
} from './auth.ts';

const valid = {
  userType: 'freelancer' as const,
  firstName: 'Asha',
  lastName: 'Rao',
  emailId: 'asha@example.com',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  terms: true,
};
const firstMessage = (input: unknown) => {
  const r = SignUpFormSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('sign-up rules', () => {
  it('accepts a complete, valid form', () => {
    expect(firstMessage(valid)).toBeNull();
  });
  it('asks for each password rule with its own message', () => {
    expect(passwordProblem('Ab1!')).toBe(MESSAGES.passwordShort);
    expect(passwordProblem('abcdefg1!')).toBe(MESSAGES.passwordUpper);
    expect(passwordProblem('ABCDEFG1!')).toBe(MESSAGES.passwordLower);
    expect(passwordProblem('Abcdefgh!')).toBe(MESSAGES.passwordNumber);
    expect(passwordProblem('Abcdefgh1')).toBe(MESSAGES.passwordSpecial);
    expect(passwordProblem('Abcdefg1"')).toBeNull();
  });
  it('accepts long passphrases up to the limit and refuses longer ones', () => {
    expect(passwordProblem(`Aa1!${'x'.repeat(60)}`)).toBeNull();
    expect(passwordProblem(`Aa1!${'x'.repeat(200)}`)).toBe(MESSAGES.passwordLong);
  });
  it('refuses mismatched confirmation and unaccepted terms', () => {
    expect(firstMessage({ ...valid, confirmPassword: 'Other1!x' })).toBe(MESSAGES.passwordsMismatch);
    expect(firstMessage({ ...valid, terms: false })).toBe(MESSAGES.termsRequired);
  });
  it('takes names of letters, including accents, spaces and hyphens, and refuses digits', () => {
    expect(firstMessage({ ...valid, firstName: 'José María', lastName: "O'Brien-Smith" })).toBeNull();
    expect(firstMessage({ ...valid, firstName: 'R2D2' })).toBe(MESSAGES.firstNameLetters);
    expect(firstMessage({ ...valid, firstName: '' })).toBe(MESSAGES.firstNameRequired);
  });
  it('requires a company name for clients only', () => {
    expect(firstMessage({ ...valid, userType: 'client' })).toBe(MESSAGES.companyRequired);
    expect(firstMessage({ ...valid, userType: 'client', company: 'Acme Works' })).toBeNull();
  });
  it('takes a company name by the one company-name rule, up to the wire bound of 100', () => {
    for (const company of ['Café Müller', 'O’Neil Partners', 'टाटा', 'Hewlett-Packard', '3M', 'Tata & Sons'])
      expect(firstMessage({ ...valid, userType: 'client', company }), company).toBeNull();
    for (const company of ['<b>Acme</b>', 'Acme\u202E', 'https://acme.example'])
      expect(firstMessage({ ...valid, userType: 'client', company }), company).toBe(MESSAGES.companyInvalid);
    expect(firstMessage({ ...valid, userType: 'client', company: 'A'.repeat(101) })).toBe(MESSAGES.companyTooLong);
    expect(firstMessage({ ...valid, company: '3M' })).toBeNull();
  });
  it('rejects malformed emails', () => {
    for (const email of ['a@b', 'no-at.example.com', 'a b@c.com', 'a@b.c'])
      expect(firstMessage({ ...valid, emailId: email })).toBe(MESSAGES.emailInvalid);
  });
  it('normalises emails to lower case without surrounding spaces', () => {
    expect(normalizeEmail('  Asha@Example.COM ')).toBe('asha@example.com');
  });
});

describe('login rules', () => {
  it('gives the login screen its own messages', () => {
    const issues = (v: unknown) => LoginFormSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ email: '', password: '' })).toEqual([MESSAGES.loginEmailRequired, MESSAGES.loginPasswordRequired]);
    expect(issues({ email: 'x@', password: '12345' })).toEqual([MESSAGES.loginEmailInvalid, MESSAGES.loginPasswordShort]);
  });
});

describe('strength meters', () => {
  it('rates sign-up passwords on three levels', () => {
    expect(strength3('abc')).toBe('Weak');
    expect(strength3('Abc1')).toBe('Medium');
    expect(strength3('Abcdef1!')).toBe('Strong');
  });
  it('rates reset passwords on five levels', () => {
    expect(strength5('a')).toBe('Very Weak');
    expect(strength5('abcdefgh')).toBe('Very Weak');
    expect(strength5('Abcdefgh')).toBe('Weak');
    expect(strength5('Abcdefg1')).toBe('Medium');
    expect(strength5('Abcdefg1!')).toBe('Strong');
    expect(strength5('Abcdefg1!xyz')).toBe('Very Strong');
  });
});

describe('one-time code shape', () => {
  it('asks for all five digits, then for digits only', () => {
    expect(otpProblem('123')).toBe(MESSAGES.otpIncomplete);
    expect(otpProblem('12a45')).toBe(MESSAGES.otpInvalid);
    expect(otpProblem('12345')).toBeNull();
  });
});

describe('passwords are never trimmed', () => {
  const spaced = '  Sp4ce!Passw0rd  ';
  it('keeps the spaces in every form and on the wire, sign-up, login and reset alike', () => {
    expect(SignUpFormSchema.parse({ ...valid, password: spaced, confirmPassword: spaced }).password).toBe(spaced);
    expect(LoginFormSchema.parse({ email: 'asha@example.com', password: spaced }).password).toBe(spaced);
    expect(ResetFormSchema.parse({ newPassword: spaced, confirmPassword: spaced }).newPassword).toBe(spaced);
    expect(register.body.parse({ firstName: 'Asha', lastName: 'Rao', emailId: 'asha@example.com', password: spaced }).password).toBe(
      spaced,
    );
    expect(login.body.parse({ email: 'asha@example.com', password: spaced }).password).toBe(spaced);
    expect(passwordReset.body.parse({ email: 'asha@example.com', newPassword: spaced }).newPassword).toBe(spaced);
  });
  it('treats a password of spaces as a password at login, not as an empty field', () => {
    expect(login.body.safeParse({ email: 'asha@example.com', password: '      ' }).success).toBe(true);
    expect(login.body.safeParse({ email: 'asha@example.com', password: '' }).success).toBe(false);
  });
});
