/** Date presets of the record pages: [start, end) in the visitor's local days. */
export const DATE_PRESETS = ['today', 'last7', 'last30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export function rangeOf(preset: DatePreset, now = new Date()): { startTime: string; endTime: string } {
  const days = preset === 'today' ? 1 : preset === 'last7' ? 7 : 30;
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1 - days);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}
