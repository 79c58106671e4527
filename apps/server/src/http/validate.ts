import { isErrorCode } from '@talentloop/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** True when a parsed value holds a NUL character in any string or key (PostgreSQL text cannot store one). */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * Parses with a contract schema; the first issue answers its TL_CORE code, or 00400 with its
 * message. A NUL character anywhere in the value is refused first (00400).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (hasNul(value)) throw new AppError('TL_CORE_00400_E', NUL_MESSAGE);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? 'Invalid request';
  if (isErrorCode(message)) throw new AppError(message);
  const field = issue?.path.join('.');
  throw new AppError('TL_CORE_00400_E', field ? `${field}: ${message}` : message);
}
