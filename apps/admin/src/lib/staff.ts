import { call } from '@khela/client';
import { staffMeCall } from '@khela/contract/endpoints';
import type { StaffMe } from '@khela/contract/staff';
import { type Permission, STAFF_SESSION_AUTH } from '@khela/contract/staff';
import { useQuery } from '@tanstack/react-query';
import { staffToken } from './session';

export const ME_KEY = ['bo', 'me'] as const;

/** Who is logged in and what they may do (GET /bo/me), while a session is held. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => call(staffMeCall, undefined, { signal }),
    enabled: staffToken() !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * Whether `me` may open something guarded by `auth`: a permission of the contract's catalogue,
 * or any live session (`staff:session`, the member's own things).
 */
export function allows(me: StaffMe | undefined, auth: Permission | typeof STAFF_SESSION_AUTH): boolean {
  if (!me) return false;
  if (auth === STAFF_SESSION_AUTH) return true;
  return me.permissions.includes(auth);
}
