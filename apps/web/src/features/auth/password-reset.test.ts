import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { forgotByEmail, resetPassword } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('password reset calls', () => {
  it('sends forgot-by-email form-encoded (spec §3)', async () => {
    const f = stubFetch(200, { success: true, value: null });
    await forgotByEmail({ username: 'player1', email: 'p+1@example.com' });
    const [url, init] = f.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/wps/member/password/email');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(init.body as string).get('email')).toBe('p+1@example.com');
  });

  it('sends the reset as JSON and surfaces RESET_LINK_INVALID', async () => {
    stubFetch(400, { success: false, value: null, code: 'RESET_LINK_INVALID', message: 'errors.RESET_LINK_INVALID' });
    const err = await resetPassword({ token: 't', newPassword: 'a', confirmNewPassword: 'a' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('RESET_LINK_INVALID');
  });
});
