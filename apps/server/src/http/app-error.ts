import type { ErrorCode } from '@talentloop/contract';

/** A failure with a catalogue code; the error handler answers it with the code's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message?: string) {
    super(message ?? code);
    this.code = code;
    this.name = 'AppError';
  }
  get responseMessage(): string | undefined {
    return this.message === this.code ? undefined : this.message;
  }
}
