import { fetchStub, type Stub } from '@khela/client/testing';
import type { Announcement, GameMenus, MemberInfo, NoticeList, Promotion, SystemStatus } from '@khela/contract';
import type { Locale } from '@khela/contract/constants';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { vi } from 'vitest';
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

const ok = (value: unknown) => ({
  ok: true,
  status: 200,
  json: async () => ({ success: true, value, message: null, code: null }),
});

/**
 * Stubs fetch with the server's envelopes: system status, banners (none), announcements,
 * game menus, help centre, promotions (list and one). Anything else answers 404 NOT_FOUND. Returns the mock to inspect calls.
 */
export function mockApi(fx: ApiFixtures = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/wps/system/status':
        if (fx.statusNetworkError) throw new TypeError('Failed to fetch');
        return ok(fx.status ?? statusFixture());
      case '/wps/system/banners':
        return ok([]);
      case '/wps/announcement':
        return ok({ popup: [], player: [], banners: [], promotion: [], help: [], ...fx.notices });
      case '/lgw/games/game_menus':
        return ok(fx.gameMenus ?? []);
      case '/lgw/games/game_vendor':
        return ok({ data: { lanes: [] } });
      case '/lgw/games/game_list':
        return ok({ list: [], pageNo: 1, pageSize: 42, total: 0, totalPages: 0 });
      case '/wps/system/helpCenter':
        return ok({ sections: [] });
      case '/wps/system/resources':
        return ok([]);
      case '/wps/promotion/list': {
        const category = url.searchParams.get('category') ?? 'all';
        const list = (fx.promotions ?? []).filter((p) => category === 'all' || p.category === category);
        return ok({ list, pageNo: 1, pageSize: 20, total: list.length, totalPages: list.length > 0 ? 1 : 0 });
      }
      default: {
        const one = /^\/wps\/promotion\/(\d+)$/.exec(url.pathname);
        const found = one ? fx.promotions?.find((p) => p.id === Number(one[1])) : undefined;
        if (found) return ok(found);
        return {
          ok: false,
          status: 404,
          json: async () => ({ success: false, value: null, message: 'errors.NOT_FOUND', code: 'NOT_FOUND' }),
        };
      }
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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

/** One stubbed answer of mockRoutes. */
export type Reply = { status?: number; body: unknown };
export const okReply = (value: unknown): Reply => ({ body: { success: true, value, message: 'ok', code: 'OK' } });
export const failReply = (status: number, code: string, fieldErrors?: Record<string, string>): Reply => ({
  status,
  body: { success: false, value: null, message: `errors.${code}`, code, ...(fieldErrors ? { fieldErrors } : {}) },
});

/**
 * mockApi's stubs plus the routes given as 'METHOD /path' (JSON bodies parsed); returns every
 * call made, in order, to inspect.
 */
export function mockRoutes(routes: Record<string, (body: unknown) => Reply>, fx: ApiFixtures = {}) {
  const base = mockApi(fx);
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return base(input);
    const r = route(body);
    return { ok: (r.status ?? 200) < 400, status: r.status ?? 200, json: async () => r.body };
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A member as GET /wps/member/info answers. */
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
    ...over,
  };
}

/**
 * The contract-typed stubs given (see @khela/client/testing: `stub(definition, answer)`) over
 * mockApi's defaults for the calls every page makes; returns every call made, in order.
 */
export function mockCalls(stubs: Stub[], fx: ApiFixtures = {}) {
  const base = mockApi(fx);
  const { fetch, sent } = fetchStub(stubs);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetch(input, init);
    if (res.status !== 404) return res;
    sent.pop();
    return base(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}
