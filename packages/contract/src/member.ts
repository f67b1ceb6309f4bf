import { z } from 'zod';
import { envelope } from './envelope';

export const ClubLabel = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int(),
});
export const MemberLabel = z.object({
  labelName: z.string(),
  color: z.string().optional(),
  bgColor: z.string().optional(),
});

/** Spec §3 member info. `type` repeats isAgent (0 player, 1/2/41/42 agent, 4 trial). */
export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.number().int(),
  /** The upline agent's account, null without one. */
  toUpline: z.string().nullable(),
  clubLabel: ClubLabel.nullable(),
  memberLabel: z.array(MemberLabel),
  avatar: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;
export const MemberInfoEnvelope = envelope(MemberInfo);

/** Spec §3 change-password payload. The old password is always asked. */
export const ChangePasswordBody = z
  .object({
    oldPassword: z.string().max(128),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128),
  })
  .strict();
export const ChangePasswordEnvelope = envelope(z.null());
