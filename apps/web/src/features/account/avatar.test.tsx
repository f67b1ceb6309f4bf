import { failure, type Sent, stub } from '@khela/client/testing';
import {
  type CallDefinition,
  type CallOutput,
  memberInfoCall,
  playerAvatarsCall,
  setAvatarCall,
} from '@khela/contract';
import { AVATAR_PATH_PREFIX, BUILTIN_AVATARS } from '@khela/contract/avatar-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberFixture, mockCalls, renderApp, resetBrowser } from '../../../test/render';
import { DEFAULT_AVATAR } from './avatar';

const AVATARS: CallOutput<typeof playerAvatarsCall> = {
  avatar: null,
  choices: BUILTIN_AVATARS.map((id) => ({ id, url: `/img/avatars/${id}.svg` })),
  upload: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2097152, maxWidth: 2048, maxHeight: 2048 },
};
/** An uploaded picture's address, as the server hands it out. */
const UPLOADED = `${AVATAR_PATH_PREFIX}AbCdEfGhIjKlMnOpQrStUv`;
/** The first bytes of a PNG, enough for the browser side (the server reads the rest). */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeEach(async () => {
  await resetBrowser('en');
  sessionStorage.setItem('token', 'tok-1');
});

/** Member info in English, the language of these tests (so nothing else is sent to the server). */
const member = (avatar: string | null = null) => memberFixture({ avatar, language: 'en' });

/** Every call to one definition's path, whatever its method: none may go unseen. */
const callsTo = (sent: readonly Sent[], d: CallDefinition) => sent.filter((c) => c.path === d.path);

/** The header's avatar image (the menu button's picture). */
const headerAvatar = async () => {
  // The avatar menu is a lazy chunk: its first load in a test run takes a while.
  const button = await screen.findByRole('button', { name: 'Account menu of Rahim' }, { timeout: 10_000 });
  return button.querySelector('img') as HTMLImageElement;
};

async function openPicker() {
  renderApp('/');
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Rahim' }, { timeout: 10_000 }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Change avatar' }));
  return screen.findByRole('dialog', { name: 'Change avatar' });
}

describe('change avatar', () => {
  it('shows the default avatar, then the eight built-in choices by name', async () => {
    mockCalls([stub(memberInfoCall, member()), stub(playerAvatarsCall, AVATARS)]);
    const dialog = await openPicker();
    expect((await headerAvatar()).getAttribute('src')).toBe(DEFAULT_AVATAR);
    const group = within(dialog).getByRole('group', { name: 'Choose an avatar' });
    const names = within(group)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Tiger', 'Water lily', 'Magpie robin', 'Hilsa', 'Boat', 'Cricket', 'Football', 'Jackfruit']);
    expect(within(dialog).getByRole('button', { name: 'Upload a picture' })).toBeTruthy();
    expect(within(dialog).getByText('PNG, JPEG or WebP, up to 2 MB.')).toBeTruthy();
  });

  it('choosing one calls the server and the header shows it at once', async () => {
    const { fetchMock } = mockCalls([
      stub(memberInfoCall, member()),
      stub(playerAvatarsCall, AVATARS),
      stub(setAvatarCall, { avatar: '/img/avatars/tiger.svg' }),
    ]);
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiger' }));
    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', 'Your avatar has been changed.');
    expect(callsTo(fetchMock.sent, setAvatarCall).map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PUT', body: { builtin: 'tiger' } },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Tiger' }).getAttribute('aria-pressed')).toBe('true');
    expect((await headerAvatar()).getAttribute('src')).toBe('/img/avatars/tiger.svg');
    // No second read of member info was needed.
    expect(callsTo(fetchMock.sent, memberInfoCall)).toHaveLength(1);
  });

  it('uploads a chosen picture as base64 and shows the new address in the header', async () => {
    const { sent } = mockCalls([
      stub(memberInfoCall, member('/img/avatars/boat.svg')),
      stub(playerAvatarsCall, AVATARS),
      stub(setAvatarCall, { avatar: UPLOADED }),
    ]);
    const dialog = await openPicker();
    const input = within(dialog).getByLabelText('Upload a picture', { selector: 'input' });
    await userEvent.upload(input, new File([PNG_BYTES], 'me.png', { type: 'image/png' }));
    await within(dialog).findByText('Your avatar has been changed.');
    const put = callsTo(sent, setAvatarCall)[0];
    expect(put?.body).toEqual({ image: btoa(String.fromCharCode(...PNG_BYTES)) });
    expect((await headerAvatar()).getAttribute('src')).toBe(UPLOADED);
  });

  it("says the server's refusal in words and keeps the avatar", async () => {
    mockCalls([
      stub(memberInfoCall, member('/img/avatars/boat.svg')),
      stub(playerAvatarsCall, AVATARS),
      stub(setAvatarCall, failure(400, 'AVATAR_NOT_IMAGE')),
    ]);
    const dialog = await openPicker();
    const input = within(dialog).getByLabelText('Upload a picture', { selector: 'input' });
    await userEvent.upload(input, new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This file is not a picture we can use. Please choose a PNG, JPEG or WebP picture.',
    );
    expect((await headerAvatar()).getAttribute('src')).toBe('/img/avatars/boat.svg');
  });

  it('refuses a picture over 2 MB before sending it', async () => {
    const { fetchMock } = mockCalls([stub(memberInfoCall, member()), stub(playerAvatarsCall, AVATARS)]);
    const dialog = await openPicker();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText('Upload a picture', { selector: 'input' }), big);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The picture is larger than 2 MB. Please choose a smaller one.',
    );
    expect(callsTo(fetchMock.sent, setAvatarCall)).toEqual([]);
  });

  it('falls back to the default avatar when the picture fails to load, and tries a new one afresh', async () => {
    const gone = `${AVATAR_PATH_PREFIX}gone0000000000000000000`;
    mockCalls([
      stub(memberInfoCall, member(gone)),
      stub(playerAvatarsCall, AVATARS),
      stub(setAvatarCall, { avatar: '/img/avatars/hilsa.svg' }),
    ]);
    renderApp('/');
    const img = await headerAvatar();
    await waitFor(() => expect(img.getAttribute('src')).toBe(gone));
    fireEvent.error(img);
    await waitFor(async () => expect((await headerAvatar()).getAttribute('src')).toBe(DEFAULT_AVATAR));
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu of Rahim' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change avatar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hilsa' }));
    await waitFor(async () => expect((await headerAvatar()).getAttribute('src')).toBe('/img/avatars/hilsa.svg'));
  });
});
