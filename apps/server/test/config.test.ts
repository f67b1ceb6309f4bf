import { Writable } from 'node:stream';
import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../src/platform/config';
import { loadMailConfig } from '../src/platform/email';
import { loggerOptions } from '../src/platform/logger';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.SEED_DEMO).toBe(true);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ TRUSTED_PROXY_HEADER: 'x forwarded' })).toThrow(/TRUSTED_PROXY_HEADER/);
  });

  it('reads provider secrets by vendor code', () => {
    const secret = 'abc=def-0123456789-0123456789-0123456789';
    const c = loadConfig({ PROVIDER_SECRETS: `JL=${secret},XY_2=${'x'.repeat(32)}` });
    expect(c.PROVIDER_SECRETS.get('JL')).toBe(secret);
    expect(c.PROVIDER_SECRETS.get('XY_2')).toBe('x'.repeat(32));
    expect(loadConfig({}).PROVIDER_SECRETS.size).toBe(0);
  });

  it('refuses a provider secret under 32 characters or a vendor code in lower case', () => {
    expect(() => loadConfig({ PROVIDER_SECRETS: 'JL=short' })).toThrow(/PROVIDER_SECRETS/);
    expect(() => loadConfig({ PROVIDER_SECRETS: `jl=${'s'.repeat(32)}` })).toThrow(/PROVIDER_SECRETS/);
  });

  it("reads each vendor's allowed addresses and blocks, and refuses what is not one", () => {
    const c = loadConfig({ PROVIDER_ALLOWED_ADDRESSES: 'JL=203.0.113.7 198.51.100.0/24, XY=2001:db8::/48' });
    expect(c.PROVIDER_ALLOWED_ADDRESSES.get('JL')).toEqual(['203.0.113.7', '198.51.100.0/24']);
    expect(c.PROVIDER_ALLOWED_ADDRESSES.get('XY')).toEqual(['2001:db8::/48']);
    expect(loadConfig({}).PROVIDER_ALLOWED_ADDRESSES.size).toBe(0);
    for (const bad of ['JL=', 'JL=example.com', 'JL=10.0.0.0/33', 'jl=10.0.0.1', 'JL=10.0.0.1/8/1'])
      expect(() => loadConfig({ PROVIDER_ALLOWED_ADDRESSES: bad }), bad).toThrow(/PROVIDER_ALLOWED_ADDRESSES/);
  });

  it('takes a Redis address for the rate limits only as redis:// or rediss://', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('reads the round resolver settings, 0 switching the resolver off', () => {
    expect(loadConfig({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' }).PROVIDER_RESOLVER_INTERVAL_SECONDS).toBe(0);
    expect(loadConfig({}).PROVIDER_RESOLVER_INTERVAL_SECONDS).toBe(60);
    expect(loadConfig({}).PROVIDER_ROUND_TIMEOUT_SECONDS).toBe(3600);
    expect(() => loadConfig({ PROVIDER_ROUND_TIMEOUT_SECONDS: '5' })).toThrow(/PROVIDER_ROUND_TIMEOUT_SECONDS/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

/** Secret values of every configuration variable that holds one. */
const SECRETS = {
  DATABASE_URL: 'postgres://khela:db-Pa55word@db.internal:5432/khela',
  HUMAN_CHECK_HMAC_KEY: 'hmac-key-0123456789-abcdef',
  SMS_GATEWAY_TOKEN: 'sms-gateway-token-0123456789',
  HPKE_PRIVATE_KEY: Buffer.alloc(32, 7).toString('base64'),
  HPKE_PREVIOUS_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64'),
  PROVIDER_SECRETS: `JL=${'provider-secret-'.repeat(3)}`,
} as const;
const SMTP_URL = 'smtps://mailer:smtp-Pa55word@mail.example:465';

/** A logger configured as the server's (loggerOptions); `output()` is what it wrote. */
function capturedLog(config: Config) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = pino({ ...(loggerOptions(config) as LoggerOptions), level: 'info' }, sink);
  return { log, output: () => lines.join('') };
}

describe('secrets in logs and start-up messages', () => {
  const config = loadConfig(SECRETS);
  const mail = loadMailConfig(config.dataDir, { SMTP_URL, MAIL_FROM: 'no-reply@khela.test' });

  it('are read from the environment', () => {
    expect(config.DATABASE_URL).toBe(SECRETS.DATABASE_URL);
    expect(config.HUMAN_CHECK_HMAC_KEY).toBe(SECRETS.HUMAN_CHECK_HMAC_KEY);
    expect(config.PROVIDER_SECRETS.get('JL')).toBe('provider-secret-'.repeat(3));
  });

  it.each(Object.keys(SECRETS))('%s is redacted when the configuration is logged', (key) => {
    const { log, output } = capturedLog(config);
    log.info({ config }, 'starting');
    log.info(config, 'starting');
    const [nested, flat] = output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(nested.config[key]).toBe('[redacted]');
    expect(flat[key]).toBe('[redacted]');
    const value = SECRETS[key as keyof typeof SECRETS];
    expect(output()).not.toContain(key === 'PROVIDER_SECRETS' ? value.slice('JL='.length) : value);
  });

  it('SMTP_URL, which holds the mail password, is redacted when the mail settings are logged', () => {
    const { log, output } = capturedLog(config);
    log.info({ mail }, 'mail');
    expect(JSON.parse(output()).mail.SMTP_URL).toBe('[redacted]');
    expect(output()).not.toContain('smtp-Pa55word');
  });

  it('are redacted from requests and login bodies, leaving the rest readable', () => {
    const { log, output } = capturedLog(config);
    log.info({ req: { headers: { authorization: 'Bearer s3cret-token', cookie: 'sid=abc' } } }, 'incoming');
    log.info({ body: { username: 'rahim', password: 'hunter2', captcha: '1234', token: 'tok-9' } }, 'login');
    const [incoming, login] = output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(incoming.req.headers).toEqual({ authorization: '[redacted]', cookie: '[redacted]' });
    expect(login.body).toEqual({
      username: 'rahim',
      password: '[redacted]',
      captcha: '[redacted]',
      token: '[redacted]',
    });
  });

  it.each([
    ['DATABASE_URL', 'mysql://khela:db-Pa55word@db.internal/khela', 'db-Pa55word'],
    ['HUMAN_CHECK_HMAC_KEY', 'short-hmac', 'short-hmac'],
    ['HPKE_PRIVATE_KEY', 'not-a-key-Pa55word', 'not-a-key-Pa55word'],
    ['HPKE_PREVIOUS_PRIVATE_KEY', 'not-a-key-Pa55word', 'not-a-key-Pa55word'],
    ['PROVIDER_SECRETS', 'JL=short-Pa55word', 'short-Pa55word'],
  ])('a bad %s stops the server with a message naming it, never its value', (key, value, secret) => {
    const message = (() => {
      try {
        loadConfig({ [key]: value });
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    })();
    expect(message).toMatch(new RegExp(`^  ${key}: `, 'm'));
    expect(message).not.toContain(secret);
  });
});
