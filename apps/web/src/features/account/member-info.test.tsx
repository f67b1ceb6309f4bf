import { failure, stub } from '@khela/client/testing';
import { memberInfoCall } from '@khela/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser } from '../../../test/render';

beforeEach(async () => {
  await resetBrowser('en');
  sessionStorage.setItem('token', 'tok-1');
});

describe('the header with a session', () => {
  it("shows the member's account menu once member info answers", async () => {
    mockCalls([stub(memberInfoCall, memberFixture({ nickname: 'Rahim', language: 'en' }))]);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Account menu of Rahim' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers the login again when the session has expired', async () => {
    mockCalls([stub(memberInfoCall, failure(401, 'UNAUTHORIZED'))]);
    renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
