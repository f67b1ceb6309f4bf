import { describe, expect, it, vi } from 'vitest';
import { keptAnswers } from '../src/platform/kept';

describe('answers kept per text', () => {
  it('works a text out once, empty and null answers included', () => {
    const answer = vi.fn((text: string) => (text === 'none' ? null : text === 'empty' ? '' : text.toUpperCase()));
    const kept = keptAnswers(answer, 10);
    for (let i = 0; i < 3; i++) {
      expect(kept('br')).toBe('BR');
      expect(kept('none')).toBeNull();
      expect(kept('empty')).toBe('');
    }
    expect(answer).toHaveBeenCalledTimes(3);
  });

  it('drops everything when full, and keeps no text longer than its limit', () => {
    const answer = vi.fn((text: string) => text.length);
    const kept = keptAnswers(answer, 2, 5);
    kept('a');
    kept('bb');
    kept('a');
    expect(answer).toHaveBeenCalledTimes(2);
    kept('ccc'); // the third: the first two are dropped
    kept('a');
    expect(answer).toHaveBeenCalledTimes(4);
    expect(kept('123456')).toBe(6);
    expect(kept('123456')).toBe(6);
    expect(answer).toHaveBeenCalledTimes(6);
  });
});
