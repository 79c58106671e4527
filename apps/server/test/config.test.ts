import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
      clientAccounts: true,
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
    // New password hashes at OWASP's argon2id cost, whatever the environment: no variable lowers it
    // (only the API tests' apps pass a cheaper one, decision 288).
    expect(c.passwordHash).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH: 'x', MEMORY_COST: '8' }).passwordHash).toEqual(c.passwordHash);
  });

  test('variables are mapped and derived: numbers coerced, switches to booleans, blanks to unset', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      PUBLIC_URL: 'https://talentloop.example/',
      SMTP_URL: '',
      CLIENT_ACCOUNTS: 'off',
      TRUST_PROXY: 'true',
      HEADERS_TIMEOUT_MS: '500000',
      REQUEST_TIMEOUT_MS: '60000',
    });
    expect(c.production).toBe(true);
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('https://talentloop.example');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.clientAccounts).toBe(false);
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

  test('NODE_ENV is read in any case, and an unknown value is an error naming it, not development mode', () => {
    expect(loadConfig({ NODE_ENV: 'PRODUCTION' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'Production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'TEST' }).production).toBe(false);
    expect(loadConfig({ NODE_ENV: '' }).production).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrowError(
      /^Invalid configuration:\n {2}NODE_ENV: must be development, test or production \(any case\), not 'staging'$/,
    );
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrowError(/NODE_ENV/);
  });
});

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Starts the server from source with only `env` (and PATH) and waits for it to exit; never lets it listen for long. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH, DATA_DIR: 'memory://', PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A server that did start is a failure of this test: stop it after a while so the test reports it.
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr });
    });
  });
}

describe('the server process', () => {
  // One start (a few CPU-seconds from source) shows the refusal reaches the process; each rule's
  // cases are loadConfig-level above and in bench-controls.test.ts and test-seed.test.ts.
  test('refuses to start in production (any case) with the bench controls or a seed secret, even on localhost', {
    timeout: 60_000,
  }, async () => {
    const { code, stderr } = await startServer({
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      NODE_ENV: 'Production',
      BENCH_CONTROLS: 'on',
      TEST_SEED_SECRET: 'seed-secret-for-tests-only-0123456789',
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toMatch(/BENCH_CONTROLS: refused with NODE_ENV=production/);
    expect(stderr).toMatch(/TEST_SEED_SECRET: refused with NODE_ENV=production/);
  });
});
