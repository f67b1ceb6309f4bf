/**
 * The centres of spec §2 and their pages, in the spec's menu order. A page id is the spec's page
 * key (`depositv2`, `personalHistoryCopy` …), and it is what the address names
 * (`?centre=member&page=depositv2`, ARCHITECTURE §7). Which of them a centre shows is up to the
 * features: a page is listed once its feature registers it (see registry.ts).
 */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;

/**
 * Who may open a centre (spec §6): `member` — any session but a trial account (isAgent 4), who
 * gets 'Please Register An Account First'; `agent` — the account-centre kinds (isAgent 1, 2,
 * 41, 42).
 */
export type CentreAccess = 'member' | 'agent';

type CentreDefinition = { titleKey: string; access: CentreAccess; pages: readonly string[] };

export const CENTRES = {
  member: { titleKey: 'memberCentre.title', access: 'member', pages: MEMBER_CENTRE_PAGES },
} as const satisfies Record<string, CentreDefinition>;

export type CentreName = keyof typeof CENTRES;
export type CentrePageId<C extends CentreName = CentreName> = (typeof CENTRES)[C]['pages'][number];

export function isCentreName(v: unknown): v is CentreName {
  return typeof v === 'string' && Object.keys(CENTRES).includes(v);
}
