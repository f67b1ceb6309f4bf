import { defineCall, endpoint, memberInfoCall as memberInfoDefinition } from '@khela/contract';
import { changePasswordCall, memberInfoCall, updateLanguageCall } from '@khela/contract/endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, call, configureClient, urlOf } from './call';
import { failure, fetchStub, stub } from './testing';

const member = {
  id: 7,
  account: 'rahim42',
  nickname: 'Rahim',
  type: 0,
  isAgent: 0,
  toUpline: null,
  clubLabel: null,
  memberLabel: [],
  avatar: null,
  language: null,
  returning: true,
};

/** A call with a query and params, like a record page or a promotion by id. */
const recordDefinition = defineCall({
  method: 'GET',
  path: '/wps/example/:id/rows',
  auth: 'member',
  tag: 'example',
  summary: 'An example with params and a query',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ page: z.number(), names: z.array(z.string()).optional() }),
  response: z.array(z.string()),
});
const recordCall = endpoint<typeof recordDefinition>({
  method: 'GET',
  path: recordDefinition.path,
  auth: 'member',
  input: ['query', 'params'],
});

const formDefinition = defineCall({
  method: 'POST',
  path: '/wps/example/form',
  auth: 'none',
  tag: 'example',
  summary: 'An example form',
  body: z.object({ email: z.string() }),
  response: z.null(),
  form: true,
});
const formCall = endpoint<typeof formDefinition>({
  method: 'POST',
  path: formDefinition.path,
  auth: 'none',
  input: ['body'],
  form: true,
});

describe('call', () => {
  let unauthorized = 0;
  let token: string | null = null;
  const sealer = { seal: vi.fn(async (_m: string, _p: string, body: unknown) => ({ sealed: body })), reset: vi.fn() };

  beforeEach(() => {
    unauthorized = 0;
    token = null;
    sealer.seal.mockClear();
    sealer.reset.mockClear();
    configureClient({ token: () => token, onUnauthorized: () => unauthorized++, sealer });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers a call stubbed by its full definition (the endpoint's path is the definition's)", async () => {
    const { fetch } = fetchStub([stub(memberInfoDefinition, member)]);
    vi.stubGlobal('fetch', fetch);
    await expect(call(memberInfoCall)).resolves.toEqual(member);
  });

  it('sends the definition method and path and answers the envelope value', async () => {
    token = 'a'.repeat(43);
    const { fetch, sent } = fetchStub([stub(memberInfoCall, member)]);
    vi.stubGlobal('fetch', fetch);
    await expect(call(memberInfoCall)).resolves.toEqual(member);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/wps/member/info' });
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('sends a body as JSON and seals the calls the contract marks sealed', async () => {
    const { fetch, sent } = fetchStub([stub(changePasswordCall, null), stub(updateLanguageCall, { language: 'bn' })]);
    vi.stubGlobal('fetch', fetch);
    const body = { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' };
    await call(changePasswordCall, body);
    expect(sealer.seal).toHaveBeenCalledWith('PUT', '/wps/member/password', body);
    expect(sent[0]?.body).toEqual({ sealed: body });
    await call(updateLanguageCall, { language: 'bn' });
    expect(sealer.seal).toHaveBeenCalledTimes(1);
    expect(sent[1]?.body).toEqual({ language: 'bn' });
  });

  it('fills path params and the query, repeating array values', () => {
    expect(urlOf(recordCall, { params: { id: 5 }, query: { page: 2, names: ['a', 'b'], empty: '' } })).toBe(
      '/wps/example/5/rows?page=2&names=a&names=b',
    );
  });

  it('sends a form call form-encoded', async () => {
    const { fetch, sent } = fetchStub([stub(formCall, null)]);
    vi.stubGlobal('fetch', fetch);
    await call(formCall, { email: 'a@example.com' });
    expect(sent[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent[0]?.body).toEqual({ email: 'a@example.com' });
  });

  it('throws the failure code, message key, field errors and value', async () => {
    const { fetch } = fetchStub([
      stub(updateLanguageCall, failure(400, 'VALIDATION_FAILED', { fieldErrors: { language: 'invalid' } })),
    ]);
    vi.stubGlobal('fetch', fetch);
    const err = await call(updateLanguageCall, { language: 'xx' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'VALIDATION_FAILED',
      messageKey: 'errors.VALIDATION_FAILED',
      status: 400,
      fieldErrors: { language: 'invalid' },
    });
  });

  it('tells the app about a 401 only when a token was sent', async () => {
    const { fetch } = fetchStub([stub(memberInfoCall, failure(401, 'UNAUTHORIZED'))]);
    vi.stubGlobal('fetch', fetch);
    await expect(call(memberInfoCall)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(unauthorized).toBe(0);
    token = 'b'.repeat(43);
    await expect(call(memberInfoCall)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(unauthorized).toBe(1);
  });

  it('reseals once when the server refused the held sealing key', async () => {
    let first = true;
    const { fetch, sent } = fetchStub([
      stub(changePasswordCall, () => {
        if (!first) return null;
        first = false;
        return failure(400, 'SEALED_KEY_UNKNOWN');
      }),
    ]);
    vi.stubGlobal('fetch', fetch);
    await call(changePasswordCall, { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' });
    expect(sealer.reset).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
  });

  it('turns an unreachable server into NETWORK', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(memberInfoCall)).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('answers NOT_FOUND for a call no stub names', async () => {
    const { fetch } = fetchStub([]);
    vi.stubGlobal('fetch', fetch);
    await expect(call(memberInfoCall)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('call types', () => {
  it('takes its input and answer types from the definition', () => {
    // Compiled, not run: `npm run check` fails if the contract's types stop flowing through.
    const typed = async () => {
      const info: { account: string } = await call(memberInfoCall);
      const rows: string[] = await call(recordCall, { params: { id: 1 }, query: { page: 1 } });
      // @ts-expect-error a call without input takes none
      await call(memberInfoCall, { account: 'x' });
      // @ts-expect-error the body must have the contract's fields
      await call(updateLanguageCall, { lang: 'bn' });
      // @ts-expect-error a full definition carries zod: the apps call its endpoint
      await call(memberInfoDefinition);
      return [info, rows];
    };
    expect(typeof typed).toBe('function');
  });
});
