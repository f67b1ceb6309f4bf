import { failure, fetchStub, type Sent, type Stub, stub } from '@khela/client/testing';
import {
  type Announcement,
  bannersCall,
  type CallDefinition,
  type ClientEndpoint,
  type GameMenus,
  gameListCall,
  gameMenusCall,
  gameVendorsCall,
  helpCenterCall,
  type MemberInfo,
  type NoticeList,
  noticesCall,
  type Promotion,
  promotionCall,
  promotionListCall,
  resourcesCall,
  type SystemStatus,
  systemStatusCall,
} from '@khela/contract';
import type { Locale } from '@khela/contract/constants';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { type Mock, vi } from 'vitest';
import { App } from '../src/app/app';
import { resetThemeForTests } from '../src/features/theme/use-theme';
import { changeLanguage } from '../src/lib/i18n';
import { ui } from '../src/lib/ui-store';

type DeepPartialStatus = Omit<Partial<SystemStatus>, 'brand' | 'whitelabel'> & {
  brand?: Partial<SystemStatus['brand']>;
  whitelabel?: Partial<SystemStatus['whitelabel']>;
};

/** A system status shaped like the server's demo brand. */
export function statusFixture(over: DeepPartialStatus = {}): SystemStatus {
  const base: SystemStatus = {
    status: 0,
    maintenance: false,
    maintenanceEnd: null,
    regionRestriction: false,
    location: { ip: '203.0.113.7', country: 'BD' },
    brand: {
      merchantCode: 'khela',
      name: 'Khela',
      platform: 'W',
      device: 'WEB',
      lotteryType: 'SEA',
      languages: ['bn', 'en'],
      defaultLanguage: 'bn',
      currency: 'BDT',
      currencySymbol: '৳',
      currencyDecimals: 2,
      chatHeaderColor: '#10b981',
      loggedInToHomePage: false,
    },
    whitelabel: {
      DIRECTREG3: true,
      MOBILEVERCODELOGIN3: false,
      CBS3: false,
      MOBILENUMREG3: false,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: false,
      FREEPLAY3: false,
      PWDEXPFORCECHANGE3: false,
    },
    register: { username: true, mobile: false },
    mobileDialingCodes: ['+880'],
    resources: [],
    customerService: [{ csType: 1, title: 'Live chat', path: 'https://support.example.com/chat' }],
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
  };
  return {
    ...base,
    ...over,
    brand: { ...base.brand, ...over.brand },
    whitelabel: { ...base.whitelabel, ...over.whitelabel },
  };
}

export function announcement(over: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    type: 'B',
    title: 'Welcome to Khela',
    content: '<p>Hello</p>',
    popup: false,
    startTime: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function promotion(over: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    category: 'new_player',
    title: 'Welcome bonus',
    body: '<p>Double your first deposit</p>',
    imageUrl: '/img/promotions/welcome-bonus.svg',
    startTime: '2026-01-01T00:00:00Z',
    endTime: null,
    ...over,
  };
}

export type ApiFixtures = {
  status?: SystemStatus;
  /** Status call fails as a network error. */
  statusNetworkError?: boolean;
  gameMenus?: GameMenus;
  notices?: Partial<NoticeList>;
  /** Running promotions; the list call filters them by its category like the server. */
  promotions?: Promotion[];
};

/**
 * The answers of the calls every page makes: system status, banners (none), announcements, game
 * menus, vendors and list (none), help centre, resources, promotions (the list filtered by its
 * category like the server, and one by id).
 */
export function defaultStubs(fx: ApiFixtures = {}): Stub[] {
  return [
    stub(systemStatusCall, () => {
      // What fetch does when the network is down: the client turns it into NETWORK.
      if (fx.statusNetworkError) throw new TypeError('Failed to fetch');
      return fx.status ?? statusFixture();
    }),
    stub(bannersCall, []),
    stub(noticesCall, { popup: [], player: [], banners: [], promotion: [], help: [], ...fx.notices }),
    stub(gameMenusCall, fx.gameMenus ?? []),
    stub(gameVendorsCall, { data: { lanes: [] } }),
    stub(gameListCall, { list: [], pageNo: 1, pageSize: 42, total: 0, totalPages: 0 }),
    stub(helpCenterCall, { sections: [] }),
    stub(resourcesCall, []),
    stub(promotionListCall, (sent) => {
      const category = sent.query.get('category') ?? 'all';
      const list = (fx.promotions ?? []).filter((p) => category === 'all' || p.category === category);
      return { list, pageNo: 1, pageSize: 20, total: list.length, totalPages: list.length > 0 ? 1 : 0 };
    }),
    stub(promotionCall, (sent) => {
      const found = fx.promotions?.find((p) => String(p.id) === sent.params.id);
      return found ?? failure(404, 'NOT_FOUND');
    }),
  ];
}

/** A stubbed `fetch` that also lists every call it was sent, in order. */
export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> & { sent: Sent[] };

/**
 * Stubs fetch with the page defaults (defaultStubs); anything else answers 404 NOT_FOUND.
 * Returns the mock: `sent` lists every call made, `sentTo` picks one call's.
 */
export function mockApi(fx: ApiFixtures = {}): FetchMock {
  const { fetch, sent } = fetchStub(defaultStubs(fx));
  const fetchMock = Object.assign(vi.fn(fetch), { sent });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What was sent to one call (by its definition's or endpoint's method and path), in order. */
export function sentTo(
  sent: readonly Sent[],
  d: Pick<CallDefinition | ClientEndpoint, 'method' | 'path' | 'alsoAccepts'>,
): Sent[] {
  const escaped = d.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  const pattern = new RegExp(`^${escaped}$`);
  const methods: string[] = [d.method, ...(d.alsoAccepts ?? [])];
  return sent.filter((s) => methods.includes(s.method) && pattern.test(s.path));
}

/** Fresh browser state: empty storage, no modal, stored theme re-read, the given language. */
export async function resetBrowser(lang: Locale = 'en') {
  localStorage.clear();
  sessionStorage.clear();
  ui.closeModal();
  ui.setSideMenuMini(null);
  resetThemeForTests();
  document.documentElement.removeAttribute('data-theme');
  await changeLanguage(lang);
  localStorage.setItem('lang', lang);
}

/** Renders the whole app, real router included, at `path`. */
export function renderApp(path = '/') {
  window.history.pushState({}, '', path);
  return render(<App />);
}

export const currentLanguage = () => i18next.language;

/** A member as the member-info call answers. */
export function memberFixture(over: Partial<MemberInfo> = {}): MemberInfo {
  return {
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
    ...over,
  };
}

/**
 * The contract-typed stubs given (see @khela/client/testing: `stub(definition, answer)`) over
 * mockApi's defaults for the calls every page makes (the last stub of a call wins). `sent` lists
 * the calls made to the stubs given, in order; `fetchMock.sent` every call.
 */
export function mockCalls(stubs: Stub[], fx: ApiFixtures = {}) {
  const sent: Sent[] = [];
  // A given stub notes its call when it is the one answering it (as soon as it is sent, before
  // any answer held back), so a call a default answered is never listed, even when its path
  // fits a given call's pattern (the promotion list is not the promotion whose id is 'list').
  const given = stubs.map(
    ({ definition, answer }): Stub => ({
      definition,
      answer: (one: Sent) => {
        sent.push(one);
        return typeof answer === 'function' ? answer(one) : answer;
      },
    }),
  );
  const { fetch, sent: all } = fetchStub([...defaultStubs(fx), ...given]);
  const fetchMock = Object.assign(vi.fn(fetch), { sent: all });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}
