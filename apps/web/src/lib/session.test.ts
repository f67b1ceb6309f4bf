import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession, takeTokenFromAddress } from './session';

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

describe('the tabs of one browser', () => {
  /** Another tab of the site: the same channel, as the browser gives it to every tab of the origin. */
  let other: BroadcastChannel;
  let heard: unknown[];
  beforeEach(() => {
    sessionStorage.clear();
    heard = [];
    other = new BroadcastChannel('khela-session');
    other.onmessage = (e) => heard.push(e.data);
  });
  afterEach(() => other.close());

  it('tells the others of a login and of the logout', async () => {
    startSession('tok-a', { account: 'rahim42', isAgent: 0 });
    await vi.waitFor(() =>
      expect(heard).toEqual([{ type: 'login', token: 'tok-a', account: 'rahim42', isAgent: '0' }]),
    );
    clearSession();
    await vi.waitFor(() => expect(heard).toContainEqual({ type: 'logout', token: 'tok-a' }));
  });

  it("takes another tab's login, and ends with its logout", async () => {
    sessionStorage.setItem('merchantCode', 'khela');
    other.postMessage({ type: 'login', token: 'tok-b', account: 'karim7', isAgent: '0' });
    await vi.waitFor(() => expect(sessionStorage.getItem('token')).toBe('tok-b'));
    expect(sessionStorage.getItem('account')).toBe('karim7');
    // A logout of some other session is not this one's.
    other.postMessage({ type: 'logout', token: 'tok-old' });
    other.postMessage({ type: 'logout', token: 'tok-b' });
    await vi.waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(sessionStorage.getItem('merchantCode')).toBe('khela');
  });

  it('gives its session to a tab opened later, which asks', async () => {
    startSession('tok-c', { account: 'salma9' });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    other.postMessage({ type: 'ask' });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ type: 'login', token: 'tok-c', account: 'salma9' });
  });
});
