import { fetchStub, stub } from '@khela/client/testing';
import {
  type Banner,
  bannersCall,
  type HelpCenter as HelpCenterData,
  helpCenterCall,
  systemStatusCall,
} from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, sentTo, statusFixture } from '../../../test/render';
import { HelpCenter } from './help-center';

/** Stubs the status, banner and help-centre calls; returns what was sent. */
function stubApi(help: HelpCenterData, banners: Banner[] = []) {
  const { fetch, sent } = fetchStub([
    stub(systemStatusCall, statusFixture()),
    stub(helpCenterCall, help),
    stub(bannersCall, banners),
  ]);
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function renderHelp(path = '/helpmc') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <HelpCenter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const SECTIONS: HelpCenterData = {
  sections: [
    {
      id: 1,
      key: 'deposit',
      title: 'How do I deposit?',
      content: '<p>Open the wallet.</p><script>window.__x=1</script>',
    },
    { id: 2, key: 'withdraw', title: 'How do I withdraw?', content: '<p onclick="alert(1)">Open withdraw.</p>' },
  ],
};

beforeEach(async () => {
  vi.unstubAllGlobals();
  await resetBrowser('en');
});

describe('HelpCenter', () => {
  it('has the title, scrolls to the top and opens the first section', async () => {
    stubApi(SECTIONS);
    renderHelp();
    expect(screen.getByRole('heading', { level: 1, name: 'Help Center' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalled();
    const first = await screen.findByRole('button', { name: 'How do I deposit?' });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Open the wallet.')).toBeTruthy();
    expect(document.querySelector('.help-content script')).toBeNull();
  });

  it('opens another section with sanitised content', async () => {
    stubApi(SECTIONS);
    renderHelp();
    const second = await screen.findByRole('button', { name: 'How do I withdraw?' });
    await userEvent.click(second);
    const text = await screen.findByText('Open withdraw.');
    expect(text.getAttribute('onclick')).toBeNull();
  });

  it('shows the default promotion banner when group w_help has none', async () => {
    const sent = stubApi(SECTIONS, []);
    renderHelp();
    const img = await screen.findByRole('img', { name: /Banner 1 of 1/ });
    expect(img.getAttribute('src')).toBe('/img/banners/promo-default.webp');
    expect(sentTo(sent, bannersCall)[0]?.query.get('groupName')).toBe('w_help');
  });

  it("shows the group's banners when there are some", async () => {
    stubApi(SECTIONS, [
      {
        bannerId: 9,
        groupName: 'w_help',
        url: '/img/banners/help.svg',
        title: 'We are here to help',
        linkageType: null,
        linkageValue: null,
      },
    ]);
    renderHelp();
    expect((await screen.findByRole('img', { name: 'We are here to help' })).getAttribute('src')).toBe(
      '/img/banners/help.svg',
    );
  });

  it('leaves the banner to the layout on /help', async () => {
    stubApi(SECTIONS);
    renderHelp('/help');
    await screen.findByRole('button', { name: 'How do I deposit?' });
    expect(document.querySelector('.banner-carousel')).toBeNull();
  });

  it('links back home', async () => {
    stubApi({ sections: [] });
    renderHelp();
    expect(await screen.findByRole('heading', { name: 'No help topics yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
