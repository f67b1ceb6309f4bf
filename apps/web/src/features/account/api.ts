import type { MemberInfo } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { session } from '../../lib/storage';

export type { MemberInfo } from '@khela/contract';

/** isAgent values whose account centre may be shown (spec §6). */
export const AGENT_CENTRE_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;

/** Writes the §3 session keys the rest of the site reads. */
function storeMemberKeys(info: MemberInfo) {
  session.set('account', info.account);
  session.set('customerId', String(info.id));
  session.set('isAgent', String(info.isAgent));
  const label = info.memberLabel[0];
  if (label) {
    session.set('memberLabel', label.labelName);
    if (label.color) session.set('memberLabelTextColor', label.color);
    if (label.bgColor) session.set('memberLabelBgColor', label.bgColor);
  }
}

/** Member info for the token (spec §4: login state is set once it loads). */
export function useMemberInfo(token: string | null) {
  return useQuery({
    queryKey: ['member', 'info', token],
    queryFn: async ({ signal }) => {
      const info = await api<MemberInfo>('/wps/member/info', { signal });
      storeMemberKeys(info);
      return info;
    },
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}
