import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  test('an empty environment gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      publicUrl: 'http://localhost:3000',
      clientAccounts: false,
      trustProxy: false,
      rateLimitPerMinute: 30,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      pageViewRetentionDays: 400,
      logLevel: 'info',
      benchControls: false,
      pruneIntervalMs: 3_600_000,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
  });

  test('variables are mapped and derived: numbers coerced, switches to booleans, blanks to unset', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://talentloop.example/',
      SMTP_URL: '',
      CLIENT_ACCOUNTS: 'on',
      TRUST_PROXY: 'true',
      HEADERS_TIMEOUT_MS: '500000',
      REQUEST_TIMEOUT_MS: '60000',
    });
    expect(c.production).toBe(true);
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://talentloop.example');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.clientAccounts).toBe(true);
    expect(c.trustProxy).toBe(true);
    // The headers timeout never exceeds the whole-request timeout.
    expect(c.headersTimeoutMs).toBe(60_000);
  });

  test('bad values are refused with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', TRUST_PROXY: 'yes' })).toThrowError(
      /^Invalid configuration:\n(?=[\s\S]* {2}PORT: )(?=[\s\S]* {2}JWT_SECRET: )(?=[\s\S]* {2}TRUST_PROXY: )/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrowError(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: '70000' })).toThrowError(/PORT/);
  });
});
