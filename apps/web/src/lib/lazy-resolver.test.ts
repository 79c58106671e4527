import { zodResolver } from '@hookform/resolvers/zod';
import { LoginFormSchema } from '@talentloop/contract';
import { describe, expect, test, vi } from 'vitest';
import { lazyZodResolver } from './lazy-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  test('answers exactly what the schema resolver answers, valid and invalid input alike', async () => {
    const lazy = lazyZodResolver(async () => LoginFormSchema);
    const eager = zodResolver(LoginFormSchema);
    for (const values of [
      { email: '', password: '' },
      { email: 'not-an-email', password: 'x' },
      { email: 'ada@example.com', password: 'Str0ng!Passw0rd' },
    ]) {
      expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
    }
  });

  test('loads the schema once, whether preloaded or first asked by a check', async () => {
    const load = vi.fn(async () => LoginFormSchema);
    const lazy = lazyZodResolver(load);
    lazy.preload();
    await lazy({ email: '', password: '' }, undefined, options);
    await lazy({ email: 'ada@example.com', password: 'x' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed download is tried again at the next check', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(LoginFormSchema);
    const lazy = lazyZodResolver(load);
    await expect(lazy({ email: '', password: '' }, undefined, options)).rejects.toThrow('offline');
    const result = await lazy({ email: '', password: '' }, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['email', 'password']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
