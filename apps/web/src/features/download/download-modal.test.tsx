import { fetchStub, stub } from '@khela/client/testing';
import { type Resource, type SystemStatus, systemStatusCall } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, statusFixture } from '../../../test/render';
import { watchInstallOffer } from '../../lib/install-app';
import { DownloadModal } from './download-modal';
import { DownloadPage } from './download-page';

const res = (resourceType: string, url: string): Resource => ({
  resourceType,
  url,
  qrCodeUrl: null,
  labelNameEn: resourceType,
});

/** Stubs the system status call. */
function stubStatus(status: SystemStatus) {
  vi.stubGlobal('fetch', fetchStub([stub(systemStatusCall, status)]).fetch);
}

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('DownloadModal', () => {
  it('has Android and iOS tabs with four steps each', async () => {
    stubStatus(statusFixture());
    renderWith(<DownloadModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Download the app' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Android', 'iOS']);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    expect(dialog.querySelector('.dl-step-1 img')?.getAttribute('src')).toBe('/img/download/android-step1.svg');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'iOS' }));
    expect(within(dialog).getByRole('tab', { name: 'iOS' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.querySelector('.dl-step-4 img')?.getAttribute('src')).toBe('/img/download/ios-step4.svg');
  });

  it("without the brand's own app, shows how to install the site itself, with a QR code of the download page", async () => {
    stubStatus(statusFixture({ resources: [res('MOBILECONFIG', '/app/khela.mobileconfig')] }));
    renderWith(<DownloadModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Open the site in Chrome' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Tap Install' })).toBeTruthy();
    const qr = await within(dialog).findByTestId('qr-code');
    expect(qr.getAttribute('data-value')).toBe(`${location.origin}/down`);
    expect(within(dialog).queryByRole('link', { name: 'Download for Android' })).toBeNull();

    // The brand's iOS profile is its own app: its steps and its link.
    await userEvent.click(within(dialog).getByRole('tab', { name: 'iOS' }));
    await within(dialog).findByRole('heading', { name: 'Get the profile' });
    expect((await within(dialog).findByTestId('qr-code')).getAttribute('data-value')).toBe(
      `${location.origin}/app/khela.mobileconfig`,
    );
  });

  it("offers the browser's install dialog when the browser made its offer", async () => {
    watchInstallOffer();
    /** What Chromium fires once the site is installable. */
    const makeOffer = () =>
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: vi.fn(async () => {}),
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
    const offer = makeOffer();
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    stubStatus(statusFixture({ resources: [] }));
    renderWith(<DownloadModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Install the app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    // An offer shows once; dismissed, the steps by hand remain.
    expect(await within(dialog).findByTestId('qr-code')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Install the app' })).toBeNull();

    // iOS has no such dialog: its steps go through Safari's Share menu.
    window.dispatchEvent(makeOffer());
    await userEvent.click(within(dialog).getByRole('tab', { name: 'iOS' }));
    expect(within(dialog).getByRole('heading', { name: 'Add to Home Screen' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Install the app' })).toBeNull();
  });

  it('shows a 100 px QR code of the absolute Android link and a direct download', async () => {
    stubStatus(statusFixture({ resources: [res('Android', '/app/khela.apk')] }));
    renderWith(<DownloadModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const qr = await within(dialog).findByTestId('qr-code');
    expect(qr.getAttribute('data-value')).toBe(`${location.origin}/app/khela.apk`);
    expect(qr.getAttribute('width')).toBe('100');
    expect(within(dialog).getByRole('link', { name: 'Download for Android' }).getAttribute('href')).toBe(
      `${location.origin}/app/khela.apk`,
    );
  });
});

describe('DownloadPage', () => {
  it('lays out the same guide under a page heading', async () => {
    stubStatus(statusFixture({ brand: { name: 'Khela' } }));
    renderWith(<DownloadPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the Khela app' })).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Open the site in Chrome' })).toBeTruthy();
  });
});
