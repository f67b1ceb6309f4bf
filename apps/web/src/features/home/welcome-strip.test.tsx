import { stub } from '@khela/client/testing';
import { memberInfoCall } from '@khela/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser } from '../../../test/render';
import en from '../../locales/en/pages.json';

beforeEach(async () => {
  await resetBrowser('en');
  sessionStorage.setItem('token', 'tok-1');
});

describe("the home page's greeting", () => {
  it('welcomes a member who has never logged in before', async () => {
    mockCalls([stub(memberInfoCall, memberFixture({ returning: false }))]);
    renderApp('/');
    expect(await screen.findByText(en.welcomeNew, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(en.welcomeBack)).toBeNull();
  });

  it('greets a returning member as one', async () => {
    mockCalls([stub(memberInfoCall, memberFixture({ returning: true }))]);
    renderApp('/');
    expect(await screen.findByText(en.welcomeBack, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(en.welcomeNew)).toBeNull();
  });
});
