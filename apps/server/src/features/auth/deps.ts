import type { Config } from '../../config.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { OutboxWorker } from '../../infra/mail/outbox.ts';
import type { TokenService } from '../../infra/tokens.ts';
import type { GoogleVerifier } from './google.ts';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  tokens: TokenService;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** HMAC key for one-time codes. */
  otpKey: string;
  google: GoogleVerifier | null;
};
