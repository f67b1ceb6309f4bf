import { stub } from '@khela/client/testing';
import { freePlayCall, humanChallengeCall, memberInfoCall } from '@khela/contract';
import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginFixture, openLogin } from '../../../test/accounts';
import { memberFixture, mockCalls, resetBrowser, sentTo, statusFixture } from '../../../test/render';

/* Free play opens a trial account: it asks for the same human check as registration (spec §2). */

beforeEach(async () => {
  await resetBrowser('en');
});

const CHALLENGE = { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n-1', salt: 's-1', cost: 1 }, signature: 'sig' };
const withFreePlay = { status: statusFixture({ whitelabel: { FREEPLAY3: true } }) };

/** The human check's widget in the form, once it shows. */
async function widgetOf(form: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(form.querySelector('altcha-widget')).not.toBeNull(), { timeout: 10_000 });
  return form.querySelector('altcha-widget') as HTMLElement;
}

/** What the widget tells the form when the proof of work is done. */
function solve(widget: HTMLElement, payload: string) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

describe('free play', () => {
  it('waits for the human check before opening a trial account', async () => {
    const { sent } = mockCalls(
      [
        stub(humanChallengeCall, CHALLENGE),
        stub(freePlayCall, loginFixture({ token: 'trial-token', account: 'guestabc', isAgent: 4 })),
        stub(memberInfoCall, memberFixture({ account: 'guestabc', isAgent: 4, type: 4 })),
      ],
      withFreePlay,
    );
    const form = await openLogin();
    const widget = await widgetOf(form);
    const button = within(form).getByRole('button', { name: 'Free play' });

    await userEvent.click(button);
    expect(
      await within(form).findByText('Please complete verification first', { selector: '.auth-alert' }),
    ).toBeTruthy();
    expect(sentTo(sent, freePlayCall)).toEqual([]);

    solve(widget, 'solved-payload');
    await userEvent.click(button);
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('trial-token'));
    expect(sentTo(sent, freePlayCall).map((c) => (c.body as { altcha?: string }).altcha)).toEqual(['solved-payload']);
  });
});
