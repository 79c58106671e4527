import { describe, expect, test } from 'vitest';
import { users } from '../src/infra/db/schema.ts';
import { DAY, HOUR, MINUTE, expectFailure, findUser, otherCode, outboxFor, uniqueEmail, useApi } from './helpers.ts';

const env = useApi();

describe('POST /api/otp/verify', () => {
  test('a wrong code is refused with 01015 and the right one still works', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    expectFailure(await app.post('/api/otp/verify', { email, otp: otherCode(otp), purpose: 'registration' }), 400, 'TL_CORE_01015_E');
    expect(await findUser(app.db, email)).toBeUndefined();
    expect((await app.post('/api/otp/verify', { email, otp, purpose: 'registration' })).status).toBe(200);
  });

  test('a code expires after 10 minutes (01016)', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    app.clock.advance(10 * MINUTE + 1_000);
    expectFailure(await app.post('/api/otp/verify', { email, otp }), 400, 'TL_CORE_01016_E');
    expect(await findUser(app.db, email)).toBeUndefined();
  });

  test('a code still works just before its 10 minutes are up', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    app.clock.advance(9 * MINUTE + 30_000);
    expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
  });

  test('five wrong tries kill the code: the right code then fails with 01019', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    for (let i = 1; i <= 5; i++) {
      expectFailure(await app.post('/api/otp/verify', { email, otp: otherCode(otp, i) }), 400, 'TL_CORE_01015_E');
    }
    expectFailure(await app.post('/api/otp/verify', { email, otp }), 400, 'TL_CORE_01019_E');
    expect(await findUser(app.db, email)).toBeUndefined();
  });

  test('the right code on the fifth try still works', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    for (let i = 1; i <= 4; i++) await app.post('/api/otp/verify', { email, otp: otherCode(otp, i) });
    expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
  });

  test('parallel wrong guesses cannot exceed five tries', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.post('/api/otp/verify', { email, otp: otherCode(otp, i + 1) })),
    );
    const codes = results.map((r) => r.body.responseCode);
    expect(codes.filter((c) => c === 'TL_CORE_01015_E')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TL_CORE_01019_E')).toHaveLength(15);
    expectFailure(await app.post('/api/otp/verify', { email, otp }), 400, 'TL_CORE_01019_E');
  });

  test('20 wrong codes in 24 hours block the email even with fresh codes, until the day has passed', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    let otp = await env.mailbox.waitForCode(email);
    for (let round = 0; round < 4; round++) {
      if (round > 0) {
        app.clock.advance(30_000);
        expect((await app.post('/api/otp/resend', { email, purpose: 'registration' })).status).toBe(200);
        otp = await env.mailbox.waitForCode(email);
      }
      for (let i = 1; i <= 5; i++) {
        expectFailure(await app.post('/api/otp/verify', { email, otp: otherCode(otp, i) }), 400, 'TL_CORE_01015_E');
      }
    }
    // A new code does not reset the day's total: the right code is now refused too.
    app.clock.advance(30_000);
    expect((await app.post('/api/otp/resend', { email })).status).toBe(200);
    otp = await env.mailbox.waitForCode(email);
    expectFailure(await app.post('/api/otp/verify', { email, otp }), 429, 'TL_CORE_00429_E');
    expect(await findUser(app.db, email)).toBeUndefined();

    app.clock.advance(DAY);
    expect((await app.post('/api/otp/resend', { email })).status).toBe(200);
    otp = await env.mailbox.waitForCode(email);
    expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
  });

  test('a registration code never verifies a password reset, and a reset code never verifies a registration', async () => {
    const app = await env.start();
    // An account row left unverified by an earlier version (reset codes need an account).
    const email = uniqueEmail();
    await app.db.insert(users).values({ email, firstName: 'Ada', lastName: 'Lovelace' });
    await app.signUp(email);
    const registrationCode = await env.mailbox.waitForCode(email, 'registration');
    expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    let resetCode = await env.mailbox.waitForCode(email, 'password_reset');
    // The two codes are random; on the rare draw where they match, ask for another reset code.
    while (resetCode === registrationCode) {
      app.clock.advance(30_000);
      await app.post('/api/otp/resend', { email, purpose: 'password_reset' });
      resetCode = await env.mailbox.waitForCode(email, 'password_reset');
    }

    const asReset = await app.post('/api/otp/verify', { email, otp: registrationCode, purpose: 'password_reset' });
    expectFailure(asReset, 400, 'TL_CORE_01015_E');
    expect(asReset.cookies.has('tl_reset')).toBe(false);
    expectFailure(await app.post('/api/user/password-reset', { email, newPassword: 'N3w!Passw0rd' }), 403, 'TL_CORE_01033_E');

    expectFailure(await app.post('/api/otp/verify', { email, otp: resetCode, purpose: 'registration' }), 400, 'TL_CORE_01015_E');
    expect((await findUser(app.db, email))?.emailVerifiedAt).toBeNull();

    expect((await app.post('/api/otp/verify', { email, otp: registrationCode, purpose: 'registration' })).status).toBe(200);
  });

  test('20 parallel submissions of the right code: exactly one succeeds', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    const results = await Promise.all(Array.from({ length: 20 }, () => app.post('/api/otp/verify', { email, otp })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(['TL_CORE_01019_E', 'TL_CORE_01017_E']).toContain(r.body.responseCode);
    }
    expect(results.filter((r) => r.cookies.has('tl_refresh'))).toHaveLength(1);
  });

  test('an email with no account gets 01024 for registration and 01028 for a password reset', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    expectFailure(await app.post('/api/otp/verify', { email, otp: '12345', purpose: 'registration' }), 404, 'TL_CORE_01024_E');
    expectFailure(await app.post('/api/otp/verify', { email, otp: '12345', purpose: 'password_reset' }), 404, 'TL_CORE_01028_E');
  });

  test('verifying a registration for an address already verified answers 01017', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expectFailure(await app.post('/api/otp/verify', { email, otp: '12345', purpose: 'registration' }), 409, 'TL_CORE_01017_E');
  });

  test('verifying when no code was ever issued for that purpose answers 01019', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expectFailure(await app.post('/api/otp/verify', { email, otp: '12345', purpose: 'password_reset' }), 400, 'TL_CORE_01019_E');
  });

  test('a used code cannot be used again', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    await app.post('/api/auth/request-password-reset', { email });
    const otp = await env.mailbox.waitForCode(email, 'password_reset');
    expect((await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' })).status).toBe(200);
    expectFailure(await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' }), 400, 'TL_CORE_01019_E');
  });

  test('each missing or malformed field is refused with its catalogue code and changes nothing', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    const otp = await env.mailbox.waitForCode(email);
    const cases: [string, Record<string, unknown>, string][] = [
      ['a missing email', { email: undefined }, 'TL_CORE_01010_E'],
      ['an invalid email', { email: 'nope' }, 'TL_CORE_01007_E'],
      ['a missing code', { otp: undefined }, 'TL_CORE_01012_E'],
      ['an empty code', { otp: '' }, 'TL_CORE_01012_E'],
      ['a code of 4 digits', { otp: otp.slice(0, 4) }, 'TL_CORE_01013_E'],
      ['a code of 6 digits', { otp: `${otp}0` }, 'TL_CORE_01013_E'],
      ['a code with letters', { otp: '12a45' }, 'TL_CORE_01013_E'],
      ['an unknown purpose', { purpose: 'login' }, 'TL_CORE_01011_E'],
      ['an empty purpose', { purpose: '' }, 'TL_CORE_01011_E'],
    ];
    for (const [label, change, code] of cases) {
      expectFailure(await app.post('/api/otp/verify', { email, otp, purpose: 'registration', ...change }), 400, code, label);
    }
    // None of them counted as a try: the code still works.
    expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
  });

  test('a body that is not an object is refused with 01029', async () => {
    const app = await env.start();
    expectFailure(await app.post('/api/otp/verify', [1]), 400, 'TL_CORE_01029_E');
    expectFailure(await app.post('/api/otp/resend', 'x'), 400, 'TL_CORE_01029_E');
  });
});

describe('POST /api/otp/resend', () => {
  test('a resend sooner than 30 seconds is refused with 01023 and sends nothing', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    app.clock.advance(20_000);
    expectFailure(await app.post('/api/otp/resend', { email, purpose: 'registration' }), 429, 'TL_CORE_01023_E');
    expect(await outboxFor(app.db, email)).toHaveLength(1);
  });

  test('a resend after 30 seconds sends a new code that replaces the old one', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    let old = await env.mailbox.waitForCode(email);
    app.clock.advance(30_000);
    let res = await app.post('/api/otp/resend', { email, purpose: 'registration' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', responseMessage: expect.any(String) });
    let fresh = await env.mailbox.waitForCode(email);
    // Codes are random; on the rare draw where the new one equals the old, draw again.
    while (fresh === old) {
      app.clock.advance(30_000);
      res = await app.post('/api/otp/resend', { email });
      expect(res.status).toBe(200);
      old = fresh;
      fresh = await env.mailbox.waitForCode(email);
    }
    expectFailure(await app.post('/api/otp/verify', { email, otp: old }), 400, 'TL_CORE_01015_E');
    expect((await app.post('/api/otp/verify', { email, otp: fresh })).status).toBe(200);
  });

  test('at most five codes are sent per email per hour (00429), and more after the hour', async () => {
    const app = await env.start();
    const { email } = await app.signUp();
    for (let i = 2; i <= 5; i++) {
      app.clock.advance(30_000);
      expect((await app.post('/api/otp/resend', { email })).status).toBe(200);
    }
    app.clock.advance(30_000);
    expectFailure(await app.post('/api/otp/resend', { email }), 429, 'TL_CORE_00429_E');
    expect(await outboxFor(app.db, email)).toHaveLength(5);

    // Take the five codes sent so far, so the next one read is the one sent after the hour.
    for (let i = 0; i < 5; i++) await env.mailbox.waitForCode(email);
    app.clock.advance(HOUR);
    expect((await app.post('/api/otp/resend', { email })).status).toBe(200);
    const otp = await env.mailbox.waitForCode(email);
    expect((await app.post('/api/otp/verify', { email, otp })).status).toBe(200);
  });

  test('a password-reset code can be resent after 30 seconds', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    expect((await app.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    await env.mailbox.waitForCode(email, 'password_reset');
    expectFailure(await app.post('/api/otp/resend', { email, purpose: 'password_reset' }), 429, 'TL_CORE_01023_E');
    app.clock.advance(30_000);
    expect((await app.post('/api/otp/resend', { email, purpose: 'password_reset' })).status).toBe(200);
    const otp = await env.mailbox.waitForCode(email, 'password_reset');
    expect((await app.post('/api/otp/verify', { email, otp, purpose: 'password_reset' })).status).toBe(200);
  });

  test('an email with no account gets 01024 for registration and 01028 for a password reset', async () => {
    const app = await env.start();
    const email = uniqueEmail();
    expectFailure(await app.post('/api/otp/resend', { email, purpose: 'registration' }), 404, 'TL_CORE_01024_E');
    expectFailure(await app.post('/api/otp/resend', { email, purpose: 'password_reset' }), 404, 'TL_CORE_01028_E');
  });

  test('resending a registration code for a verified address answers 01018', async () => {
    const app = await env.start();
    const { email } = await app.createUser();
    app.clock.advance(30_000);
    expectFailure(await app.post('/api/otp/resend', { email, purpose: 'registration' }), 409, 'TL_CORE_01018_E');
  });

  test('a missing email is refused with 01010', async () => {
    const app = await env.start();
    expectFailure(await app.post('/api/otp/resend', { purpose: 'registration' }), 400, 'TL_CORE_01010_E');
  });
});
