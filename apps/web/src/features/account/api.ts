import type { MemberInfo, PlayerAvatars } from '@khela/contract';
import { playerAvatarsCall, setAvatarCall } from '@khela/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type { MemberInfo } from '@khela/contract';
export { memberInfoKey, useMemberInfo } from '../../lib/member-info';

/** isAgent values whose account centre may be shown (spec §6). */
export const AGENT_CENTRE_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;

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
