import type { MemberInfo } from '@khela/contract';
import { memberInfoCall } from '@khela/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { syncAccountLanguage } from './account-language';
import { call } from './api';
import { session } from './storage';
import { useBrand } from './system';

/*
 * The logged-in member (spec §3 member info), shared by every screen that shows who is logged
 * in: the header's account menu, the home page's greeting.
 */

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

export const memberInfoKey = (token: string | null) => ['member', 'info', token] as const;

/**
 * Member info for the token (spec §4: login state is set once it loads). Once it is here, the
 * browser and the account agree on a language (lib/account-language.ts).
 */
export function useMemberInfo(token: string | null) {
  const brand = useBrand();
  const query = useQuery({
    queryKey: memberInfoKey(token),
    queryFn: async ({ signal }) => {
      const info = await call(memberInfoCall, undefined, { signal });
      storeMemberKeys(info);
      return info;
    },
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
  const accountLanguage = query.data?.language;
  const memberId = query.data?.id;
  // By value: the brand is read again after every language switch, with the same list.
  const offered = brand?.languages.join(',');
  useEffect(() => {
    if (memberId === undefined || accountLanguage === undefined || offered === undefined) return;
    void syncAccountLanguage(accountLanguage, offered.split(','));
  }, [memberId, accountLanguage, offered]);
  return query;
}
