import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadKey } from './load-key.ts';

describe('loadKey', () => {
  it('stays the same when a refetch answers with equal data, and changes when the data changes', async () => {
    const client = new QueryClient();
    let answer = { version: 1, basics: { country: 'US' } };
    const key = ['basics'];
    await client.fetchQuery({ queryKey: key, queryFn: () => structuredClone(answer) });
    const first = loadKey(client.getQueryData(key));

    await client.refetchQueries({ queryKey: key });
    expect(loadKey(client.getQueryData(key))).toBe(first);

    answer = { version: 2, basics: { country: 'IN' } };
    await client.refetchQueries({ queryKey: key });
    expect(loadKey(client.getQueryData(key))).not.toBe(first);
  });

  it('gives no data the same key', () => {
    expect(loadKey(undefined)).toBe(loadKey(null));
  });
});
