import { describe, expect, it } from 'vitest';
import { allows, isValidAccess } from './define.ts';

declare global {
  interface ImportMeta {
    // Vite's static import of every module matching a pattern (vitest runs on Vite).
    glob: (pattern: string | string[], options: { eager: true }) => Record<string, Record<string, unknown>>;
  }
}

// Every endpoint module of this folder, including ones added later: nothing has to be listed here.
const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true });

const isEndpoint = (value: unknown): value is { method: string; path: string; access?: unknown } =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'response' in value;

const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isEndpoint(value))
    .map(([name, value]) => ({ name: `${file}:${name}`, endpoint: value as { method: string; path: string; access?: unknown } })),
);

describe('endpoint access', () => {
  it('finds the endpoint modules of the contract', () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(endpoints.map((e) => e.endpoint.path)).toContain('/freelancer/onboarding-profile');
  });

  it('every exported endpoint declares who may call it', () => {
    const missing = endpoints
      .filter((e) => !isValidAccess(e.endpoint.access))
      .map((e) => `${e.name} ${e.endpoint.method} ${e.endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it('every /freelancer endpoint is for freelancers only', () => {
    const wrong = endpoints
      .filter((e) => e.endpoint.path.startsWith('/freelancer'))
      .filter((e) => JSON.stringify(e.endpoint.access) !== JSON.stringify(['freelancer']))
      .map((e) => e.name);
    expect(wrong).toEqual([]);
  });

  it('an endpoint needs a token exactly when it names roles', () => {
    const wrong = endpoints.filter((e) => (e.endpoint as { auth?: boolean }).auth !== (e.endpoint.access !== 'public')).map((e) => e.name);
    expect(wrong).toEqual([]);
  });

  it('refuses a missing, empty or unknown access declaration', () => {
    expect(isValidAccess(undefined)).toBe(false);
    expect(isValidAccess([])).toBe(false);
    expect(isValidAccess(['admin'])).toBe(false);
    expect(isValidAccess('private')).toBe(false);
    expect(isValidAccess('public')).toBe(true);
    expect(isValidAccess(['client', 'operator'])).toBe(true);
  });

  it('allows a role list only to callers holding one of its roles', () => {
    expect(allows('public', undefined)).toBe(true);
    expect(allows(['freelancer'], undefined)).toBe(false);
    expect(allows(['freelancer'], ['client'])).toBe(false);
    expect(allows(['freelancer'], ['freelancer'])).toBe(true);
    expect(allows(['client', 'operator'], ['freelancer', 'operator'])).toBe(true);
  });
});
