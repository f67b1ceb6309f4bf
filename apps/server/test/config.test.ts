import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config';
import { REDACT_PATHS } from '../src/platform/logger';

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

  it('reads provider secrets and the resolver settings, refusing bad ones', () => {
    const secret = 'abc=def-0123456789-0123456789-0123456789';
    const c = loadConfig({
      PROVIDER_SECRETS: `JL=${secret},XY_2=${'x'.repeat(32)}`,
      PROVIDER_RESOLVER_INTERVAL_SECONDS: '0',
    });
    expect(c.PROVIDER_SECRETS.get('JL')).toBe(secret);
    expect(c.PROVIDER_SECRETS.get('XY_2')).toBe('x'.repeat(32));
    expect(c.PROVIDER_RESOLVER_INTERVAL_SECONDS).toBe(0);
    expect(loadConfig({}).PROVIDER_SECRETS.size).toBe(0);
    expect(loadConfig({}).PROVIDER_ROUND_TIMEOUT_SECONDS).toBe(3600);
    expect(() => loadConfig({ PROVIDER_SECRETS: 'JL=short' })).toThrow(/PROVIDER_SECRETS/);
    expect(() => loadConfig({ PROVIDER_SECRETS: `jl=${secret}` })).toThrow(/PROVIDER_SECRETS/);
    expect(() => loadConfig({ PROVIDER_ROUND_TIMEOUT_SECONDS: '5' })).toThrow(/PROVIDER_ROUND_TIMEOUT_SECONDS/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('structured logs', () => {
  it('redact secrets wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    log.info({ req: { headers: { authorization: 'Bearer s3cret-token', cookie: 'sid=abc' } } }, 'incoming');
    log.info({ body: { username: 'rahim', password: 'hunter2', captcha: '1234' } }, 'login');
    const out = lines.join('');
    expect(out).not.toContain('s3cret-token');
    expect(out).not.toContain('sid=abc');
    expect(out).not.toContain('hunter2');
    expect(out).toContain('rahim');
    expect(out).toContain('[redacted]');
  });
});
