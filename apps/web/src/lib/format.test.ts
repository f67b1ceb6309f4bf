import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  const at = new Date(2026, 10, 22, 22, 40);
  it('writes Bengali times on the 24-hour clock, with no Latin AM/PM', () => {
    const s = formatDate('bn', at);
    expect(s).toContain('২২:৪০');
    expect(s).not.toMatch(/[AP]M/);
  });
  it('keeps the 12-hour clock in English', () => {
    expect(formatDate('en', at)).toMatch(/10:40\s?PM/);
  });
});
