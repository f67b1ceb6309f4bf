import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Settings that hold a secret (platform/config.ts, platform/email.ts): a password in a URL, a
 * key or a token. Logging the configuration, or an object carrying one of them, shows none.
 */
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'SMTP_URL',
  'HUMAN_CHECK_HMAC_KEY',
  'SMS_GATEWAY_TOKEN',
  'HPKE_PRIVATE_KEY',
  'HPKE_PREVIOUS_PRIVATE_KEY',
  'PROVIDER_SECRETS',
];

/** Paths pino blanks out wherever they appear in a log line: secrets never reach the logs. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.confirmNewPassword',
  '*.paymentPassword',
  '*.token',
  '*.captcha',
  '*.verificationCode',
  ...SECRET_SETTINGS.flatMap((name) => [name, `*.${name}`]),
];

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
