import { fetchStub, stub } from '@khela/client/testing';
import { type Resource, type SystemStatus, systemStatusCall } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, statusFixture } from '../../../test/render';
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

  it('hides the QR code and says so when the resource is missing', async () => {
    stubStatus(statusFixture({ resources: [res('MOBILECONFIG', '/app/khela.mobileconfig')] }));
    renderWith(<DownloadModal open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('The Android app is not available yet. Please check back soon.'),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('qr-code')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Download for Android' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'iOS' }));
    const qr = await within(dialog).findByTestId('qr-code');
    expect(qr.getAttribute('data-value')).toBe(`${location.origin}/app/khela.mobileconfig`);
    expect(within(dialog).queryByTestId('download-missing')).toBeNull();
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
    expect(await screen.findByTestId('download-missing')).toBeTruthy();
  });
});
