import { type MemberInfo, memberInfoCall, type PlayerAvatars, playerAvatarsCall, setAvatarCall } from '@khela/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { syncAccountLanguage } from '../../lib/account-language';
import { call } from '../../lib/api';
import { session } from '../../lib/storage';
import { useBrand } from '../../lib/system';

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

/** The built-in avatars and the upload rules (spec §7 /wps/relay/MCSFE_getPlayerAvatar). */
export function usePlayerAvatars(enabled: boolean) {
  return useQuery({
    queryKey: ['member', 'avatars'],
    queryFn: ({ signal }) => call(playerAvatarsCall, undefined, { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** A built-in avatar's id, or a picture (base64 of its bytes). */
export type AvatarChange = { builtin: string } | { image: string };

/**
 * PUT /wps/member/info/icon. On success member info takes the new address at once, so the
 * header and the menu show the new avatar without another call.
 */
export function useSetAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AvatarChange) => call(setAvatarCall, change),
    onSuccess: ({ avatar }) => {
      client.setQueriesData<MemberInfo>({ queryKey: ['member', 'info'] }, (old) => (old ? { ...old, avatar } : old));
      client.setQueryData<PlayerAvatars>(['member', 'avatars'], (old) => (old ? { ...old, avatar } : old));
    },
  });
}
