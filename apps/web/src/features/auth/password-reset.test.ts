import { failure, fetchStub, type Stub, stub } from '@khela/client/testing';
import { forgotPasswordByEmailCall, resetPasswordCall } from '@khela/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { forgotByEmail, resetPassword } from './api';

afterEach(() => vi.unstubAllGlobals());

function serve(stubs: Stub[]) {
  const { fetch, sent } = fetchStub(stubs);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

describe('password reset calls', () => {
  it('sends forgot-by-email form-encoded (spec §3)', async () => {
    const sent = serve([stub(forgotPasswordByEmailCall, null)]);
    await forgotByEmail({ username: 'player1', email: 'p+1@example.com' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: forgotPasswordByEmailCall.path });
    expect(sent[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent[0]?.body).toEqual({ username: 'player1', email: 'p+1@example.com' });
  });

  it('sends the reset as JSON and surfaces RESET_LINK_INVALID', async () => {
    const sent = serve([stub(resetPasswordCall, failure(400, 'RESET_LINK_INVALID'))]);
    const err = await resetPassword({ token: 't', newPassword: 'a', confirmNewPassword: 'a' }).catch((e) => e);
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('RESET_LINK_INVALID');
  });
});
