import { isErrorCode } from '@talentloop/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses with a contract schema; the first issue answers its TL_CORE code, or 00400 with its message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? 'Invalid request';
  if (isErrorCode(message)) throw new AppError(message);
  const field = issue?.path.join('.');
  throw new AppError('TL_CORE_00400_E', field ? `${field}: ${message}` : message);
}
