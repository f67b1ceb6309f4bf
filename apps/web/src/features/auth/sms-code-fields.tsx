import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { typedDigits } from '../../lib/format';
import { CountryCodePicker } from './country-code-picker';
import { Field } from './field';
import type { HumanCheckState } from './human-check';
import { fieldMessage } from './messages';
import type { usePhoneReader } from './phone';
import type { SmsCodeSent } from './sms-api';
import { SmsCodeButton } from './sms-code-button';

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** The form's names of the number and of the code; mobileNum and verificationCode (spec §3) by default. */
  names?: { mobile: Path<T>; code: Path<T> };
  dial: string;
  onDialChange: (dial: string) => void;
  /** The form's phone-number reader (usePhoneReader). */
  phone: ReturnType<typeof usePhoneReader>;
  human: HumanCheckState;
  /** Sets (or, with null, clears) the form's general message. */
  onMessage: (message: string | null) => void;
  /** Asks the server for a code for this number (E.164 once read) and dialling code, with the human-check solution. */
  request: (mobile: string, dial: string, altcha: string | null) => Promise<SmsCodeSent>;
  /** The server refused to send one (its field errors and message go to the form). */
  onRefused: (e: unknown) => void;
  /** Shows the ＊ of required fields (registration, forgot by phone). */
  mark?: boolean;
  mobilePlaceholder?: string;
  mobileMaxLength?: number | undefined;
};

/**
 * The mobile number with its country code, and the SMS code with Get code (spec §2, §4 'SMS
 * code', §5): a code is asked for only for a valid number once the human check is passed, and
 * the check's solution is spent on that request. The button counts down while the code is valid.
 */
export function SmsCodeFields<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation();
  const { form, human } = props;
  const names = props.names ?? { mobile: 'mobileNum' as Path<T>, code: 'verificationCode' as Path<T> };
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;

  async function send(): Promise<SmsCodeSent | null> {
    props.onMessage(null);
    form.clearErrors(names.mobile);
    const typed = String(form.getValues(names.mobile) ?? '');
    const number = await props.phone.read(typed, props.dial);
    const refused = typed.trim() === '' ? 'validation.mobileNum' : number.reading?.ok === false && number.reading.key;
    if (refused) {
      form.setError(names.mobile, { message: fieldMessage(t, 'mobileNum', refused, undefined, props.phone.params) });
      return null;
    }
    if (human.missing) {
      props.onMessage(t('validation.verifyFirst'));
      return null;
    }
    try {
      return await props.request(number.mobile, number.dial, human.solution);
    } finally {
      human.spend();
    }
  }

  return (
    <>
      <Field
        label={t('validation.fields.mobileNum')}
        mark={props.mark}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={props.mobilePlaceholder}
        maxLength={props.mobileMaxLength}
        error={errors[names.mobile]?.message}
        start={<CountryCodePicker value={props.dial} onChange={props.onDialChange} />}
        {...form.register(names.mobile, typedDigits)}
      />
      <Field
        label={t('validation.fields.verificationCode')}
        mark={props.mark}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('auth.smsCodePlaceholder')}
        error={errors[names.code]?.message}
        end={<SmsCodeButton send={send} onError={props.onRefused} />}
        {...form.register(names.code, typedDigits)}
      />
    </>
  );
}
