import type { Config } from './config';
import { AppError } from './errors';

/** Agent types (spec §6: account centre for isAgent 1, 2, 41, 42; they own invitation codes). */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
/** isAgent 4: a trial (free play) account. */
export const TRIAL_TYPE = 4;

export const isAgentType = (isAgent: number) => (AGENT_TYPES as readonly number[]).includes(isAgent);

export type SiteAccount = { is_agent: number; agent_only: boolean };

/**
 * Spec §6/§8, by SITE_KIND. The member site admits every account that can play: players,
 * trial accounts and agents who also play; an agent-only account (members.agent_only) is 'not a
 * member account'. The agent site admits agent types only. Null: the account may log in here.
 */
export function siteRefusal(config: Config, m: SiteAccount): 'NON_AGENT_LOGIN' | 'NON_MEMBER_LOGIN' | null {
  if (config.SITE_KIND === 'agent') return isAgentType(m.is_agent) ? null : 'NON_AGENT_LOGIN';
  return m.agent_only ? 'NON_MEMBER_LOGIN' : null;
}

/** Throws NON_AGENT_LOGIN or NON_MEMBER_LOGIN when this site does not admit the account. */
export function requireSiteAdmits(config: Config, m: SiteAccount): void {
  const refusal = siteRefusal(config, m);
  if (refusal) throw new AppError(refusal);
}
