import type { ApiError } from '@khela/client';
import { PERMISSIONS } from '@khela/contract/staff';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App, createQueryClient, routes } from '../src/app/app';
import { configureStaffClient, startSession } from '../src/lib/session';

/** A fake server: `path` → what it answers (the envelope's value, or a failure). */
export type Answer = { value: unknown } | { status: number; code: string; fieldErrors?: Record<string, string> };
export type Handler = (req: { method: string; path: string; query: URLSearchParams; body: unknown }) => Answer;

export const STAFF_ME = {
  id: 7,
  username: 'rahima',
  brand: 'khela',
  roles: ['owner'],
  // An owner holds every permission of the catalogue, whatever it grows to.
  permissions: [...PERMISSIONS],
  sessionExpiresAt: '2026-11-26T18:00:00.000Z',
};

/** Answers the app's fetches with `handler`, recording every request. */
export function fakeServer(handler: Handler) {
  const requests: { method: string; path: string; query: URLSearchParams; body: unknown; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      const req = { method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      requests.push({ ...req, auth: headers.authorization ?? null });
      const a = handler(req);
      if ('value' in a)
        return new Response(JSON.stringify({ success: true, value: a.value, code: 'OK', message: 'ok' }));
      return new Response(
        JSON.stringify({
          success: false,
          value: null,
          code: a.code,
          message: `errors.${a.code}`,
          fieldErrors: a.fieldErrors,
        }),
        { status: a.status },
      );
    }),
  );
  return requests;
}

/** The whole app at `path` (inside /admin), in `lang`, optionally logged in. */
export async function renderApp(path: string, o: { lang?: 'bn' | 'en'; loggedIn?: boolean } = {}) {
  await i18next.changeLanguage(o.lang ?? 'en');
  configureStaffClient();
  if (o.loggedIn) startSession('staff-token');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App queryClient={createQueryClient()} router={router} />);
  return { ...view, router };
}

export type { ApiError };
