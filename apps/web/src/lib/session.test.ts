import { beforeEach, describe, expect, it } from 'vitest';
import { takeTokenFromAddress } from './session';

function at(url: string) {
  const u = new URL(url, 'http://localhost');
  const calls: string[] = [];
  const loc = { pathname: u.pathname, search: u.search, hash: u.hash } as Location;
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, to: string) => calls.push(to),
  } as unknown as History;
  return { loc, history, calls };
}

describe('a token in the page address', () => {
  beforeEach(() => sessionStorage.clear());

  it('logs in and is taken out of the address', () => {
    const { loc, history, calls } = at('/rng?token=abc123&x=1#top');
    expect(takeTokenFromAddress(loc, history)).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('abc123');
    expect(calls).toEqual(['/rng?x=1#top']);
  });

  it('is left alone on the reset page, whose token is the emailed reset secret', () => {
    const { loc, history, calls } = at('/resetPassword?token=reset-secret');
    expect(takeTokenFromAddress(loc, history)).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(calls).toEqual([]);
  });
});
