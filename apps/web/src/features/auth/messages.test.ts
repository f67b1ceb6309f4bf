import type { FieldRule } from '@khela/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { fieldMessage } from './messages';

const rule = { enabled: true, required: true, acceptedPattern: '.*', patternId: 'length', minLength: 6, maxLength: 20 };

describe('fieldMessage', () => {
  it("writes a rule's lengths in Bengali digits in Bengali", async () => {
    await changeLanguage('bn', { remember: false });
    const text = fieldMessage(i18next.t, 'username', 'validation.reg_pattern_length', rule as FieldRule);
    expect(text).toContain('৬ - ২০');
    expect(text).not.toMatch(/[0-9]/);
  });

  it("writes a rule's lengths in Latin digits in English", async () => {
    await changeLanguage('en', { remember: false });
    expect(fieldMessage(i18next.t, 'username', 'validation.reg_pattern_length', rule as FieldRule)).toContain('6 - 20');
  });
});
