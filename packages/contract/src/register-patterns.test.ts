import { describe, expect, it } from 'vitest';
import { REGISTER_PATTERN_BY_ID, REGISTER_PATTERNS, registerPatternMessageKey } from './register-patterns';

const matches = (id: keyof typeof REGISTER_PATTERN_BY_ID, value: string) =>
  new RegExp(REGISTER_PATTERN_BY_ID[id].regex).test(value);

describe('registration patterns', () => {
  it('have unique ids and compile as anchored JavaScript regexes (or are "*")', () => {
    expect(new Set(REGISTER_PATTERNS.map((p) => p.id)).size).toBe(REGISTER_PATTERNS.length);
    for (const p of REGISTER_PATTERNS) {
      if (p.regex === '*') continue;
      expect(() => new RegExp(p.regex), p.id).not.toThrow();
      expect(p.regex.startsWith('^') && p.regex.endsWith('$'), p.id).toBe(true);
    }
  });

  it.each([
    ['letterFirstAlnum', 'rahim42', true],
    ['letterFirstAlnum', '4rahim', false],
    ['letterFirstAlnum', 'rahim_42', false],
    ['email', 'rahim@example.com', true],
    ['email', 'rahim@example', false],
    ['alnum', 'AB12', true],
    ['alnum', 'AB 12', false],
    ['alnumMixed', 'abc123', true],
    ['alnumMixed', 'abcdef', false],
    ['digits', '012345', true],
    ['digits', '12a', false],
    ['upper', 'abcD', true],
    ['upper', 'abcd', false],
    ['lettersSpaces', 'Abdul Karim', true],
    ['lettersSpaces', 'Abdul K.', false],
    ['noSpaces', 'line.id', true],
    ['noSpaces', 'line id', false],
    ['dateYmd', '2000-12-31', true],
    ['dateMdy', '12-31-2000', true],
    ['dateMdy', '2000-12-31', false],
    ['thai', 'สวัสดี', true],
    ['thai', 'hello', false],
    ['fullName', 'Abdul Karim', true],
    ['fullName', 'মোহাম্মদ আবদুল করিম', true],
    ['fullName', 'Karim', false],
    ['strongPassword', 'Aa1!aaaa', true],
    ['strongPassword', 'Aa1aaaaa', false],
    ['password', 'p@ss-W0rd', true],
    ['password', 'pass word', false],
    ['verificationCode', '4821', true],
  ] as const)('%s: %s → %s', (id, value, ok) => {
    expect(matches(id, value)).toBe(ok);
  });

  it('names the message key after the pattern id (spec §5)', () => {
    expect(registerPatternMessageKey('mobile')).toBe('reg_pattern_mobile');
  });
});
