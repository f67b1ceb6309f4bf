import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { currencySymbol, typedDigits } from './format';
import { changeLanguage } from './i18n';

describe('numbers in translated texts', () => {
  it('writes a number passed to t() in the language’s digits and grouping', async () => {
    await changeLanguage('bn', { remember: false });
    expect(i18next.t('lobby.results', { count: 1234567 })).toContain('১২,৩৪,৫৬৭');
    await changeLanguage('en', { remember: false });
    expect(i18next.t('lobby.results', { count: 1234567 })).toContain('12,34,567');
  });

  it('leaves a string passed to t() as it is', async () => {
    await changeLanguage('bn', { remember: false });
    expect(i18next.t('lobby.minBetShort', { amount: 'slot-1' })).toContain('slot-1');
  });
});

describe('currencySymbol', () => {
  it('is the brand’s, "$" when the brand has none, and nothing for play money', () => {
    expect(currencySymbol(false, '৳')).toBe('৳');
    expect(currencySymbol(false, '')).toBe('$');
    expect(currencySymbol(true, '৳')).toBe('');
  });
});

let readForm: () => string = () => '';
function PhoneForm() {
  const form = useForm<{ mobileNum: string }>({ defaultValues: { mobileNum: '' } });
  readForm = () => form.getValues('mobileNum');
  return <input aria-label="mobile" {...form.register('mobileNum', typedDigits)} />;
}

describe('typedDigits', () => {
  it('keeps what was typed in the field and gives the form Latin digits', async () => {
    render(<PhoneForm />);
    await userEvent.type(screen.getByLabelText('mobile'), '০১৭১২৩৪৫৬৭৮');
    expect((screen.getByLabelText('mobile') as HTMLInputElement).value).toBe('০১৭১২৩৪৫৬৭৮');
    expect(readForm()).toBe('01712345678');
  });
});
