import { LOCALES, REGISTER_FIELDS, WHITELABEL_FLAGS } from '@khela/contract/constants';
import { REGISTER_PATTERNS } from '@khela/contract/register-patterns';
import type { BrandSettings } from '@khela/contract/staff-brand';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria, useMessage } from '../../components/form';
import { useFormat } from '../../lib/format';

/** The Brand screen's sections (BACK-OFFICE.md "Brand"), each a fieldset with its own heading. */

// biome-ignore lint/suspicious/noExplicitAny: the form's values are typed by its schema's input.
type Reg = UseFormRegister<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type Errors = FieldErrors<any>;
export type SectionProps = { register: Reg; errors: Errors; settings: BrandSettings };
type Props = SectionProps;

const msg = (errors: Errors, name: string) => errors[name]?.message as string | undefined;

export function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <section className="brand-section" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{title}</h2>
        {text && <p className="page-text">{text}</p>}
      </header>
      <div className="brand-grid">{children}</div>
    </section>
  );
}

function Check({
  name,
  label,
  hint,
  code,
  register,
}: {
  name: string;
  label: string;
  hint?: string;
  code?: string;
  register: Reg;
}) {
  const id = name.replaceAll('.', '-');
  return (
    <div className="brand-check">
      <label className="check" htmlFor={id}>
        <input type="checkbox" id={id} {...register(name)} />
        {label}
      </label>
      {code && <code className="brand-flag">{code}</code>}
      {hint && <p className="field-hint">{hint}</p>}
    </div>
  );
}

function Text({
  name,
  label,
  hint,
  register,
  errors,
  multiline,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  register: Reg;
  errors: Errors;
  multiline?: boolean;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const error = msg(errors, name);
  return (
    <Field id={name} label={label} hint={hint} error={error}>
      {multiline ? (
        <textarea rows={3} {...fieldAria(name, error, !!hint)} {...register(name)} />
      ) : (
        <input {...input} {...fieldAria(name, error, !!hint)} {...register(name)} />
      )}
    </Field>
  );
}

export function RegistrationSection({ register, errors }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  return (
    <Section id="registration" title={t('brand.sections.registration')} text={t('brand.sections.registrationText')}>
      <div className="brand-checks">
        {WHITELABEL_FLAGS.map((f) => (
          <Check key={f} name={`toggles.${f}`} label={t(`brand.toggles.${f}`)} code={f} register={register} />
        ))}
        <Check name="loggedInToHomePage" label={t('brand.loggedInToHomePage')} register={register} />
        <Check name="newIpCheck" label={t('brand.newIpCheck')} hint={t('brand.newIpCheckHint')} register={register} />
      </div>
      <Text
        name="passwordMaxAgeDays"
        label={t('brand.passwordMaxAgeDays')}
        hint={t('brand.passwordMaxAgeDaysHint')}
        inputMode="numeric"
        register={register}
        errors={errors}
      />
      <div className="brand-wide">
        <h3>{t('brand.rules.title')}</h3>
        <p className="field-hint">{t('brand.rules.text')}</p>
        {errors.registerRules && (
          <p className="field-error" role="alert">
            {message(msg(errors, 'registerRules') ?? 'validation.invalid')}
          </p>
        )}
        <div className="table-scroll">
          <table className="brand-rules">
            <thead>
              <tr>
                <th scope="col">{t('brand.rules.field')}</th>
                <th scope="col">{t('brand.rules.enabled')}</th>
                <th scope="col">{t('brand.rules.required')}</th>
                <th scope="col">{t('brand.rules.pattern')}</th>
                <th scope="col">{t('brand.rules.min')}</th>
                <th scope="col">{t('brand.rules.max')}</th>
              </tr>
            </thead>
            <tbody>
              {REGISTER_FIELDS.map((f) => {
                const label = t(`brand.fields.${f}`);
                return (
                  <tr key={f}>
                    <th scope="row">
                      {label} <code>{f}</code>
                    </th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('brand.rules.enabledOf', { field: label })}
                        {...register(`registerRules.${f}.enabled`)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('brand.rules.requiredOf', { field: label })}
                        {...register(`registerRules.${f}.required`)}
                      />
                    </td>
                    <td>
                      <select
                        aria-label={t('brand.rules.patternOf', { field: label })}
                        {...register(`registerRules.${f}.patternId`)}
                      >
                        {REGISTER_PATTERNS.map((p) => (
                          <option key={p.id} value={p.id}>
                            {t(`brand.patterns.${p.id}`, { defaultValue: p.id })}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        className="brand-number"
                        inputMode="numeric"
                        aria-label={t('brand.rules.minOf', { field: label })}
                        {...register(`registerRules.${f}.minLength`, { valueAsNumber: true })}
                      />
                    </td>
                    <td>
                      <input
                        className="brand-number"
                        inputMode="numeric"
                        aria-label={t('brand.rules.maxOf', { field: label })}
                        {...register(`registerRules.${f}.maxLength`, { valueAsNumber: true })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </Section>
  );
}

export function SiteSection({ register, errors }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="site" title={t('brand.sections.site')}>
      <Text name="name" label={t('brand.name')} register={register} errors={errors} />
      <Text
        name="chatHeaderColor"
        label={t('brand.chatHeaderColor')}
        hint={t('brand.chatHeaderColorHint')}
        register={register}
        errors={errors}
      />
      <Text
        name="gtagId"
        label={t('brand.gtagId')}
        hint={t('brand.gtagIdHint')}
        placeholder="G-XXXXXXXXXX"
        register={register}
        errors={errors}
      />
    </Section>
  );
}

export function HostsSection({ register, errors, settings }: Props) {
  const { t } = useTranslation();
  return (
    <Section id="hosts" title={t('brand.sections.hosts')} text={t('brand.sections.hostsText')}>
      <div className="field">
        <span className="brand-label">{t('brand.domains')}</span>
        <p className="mono">{settings.domains.join(', ') || '—'}</p>
        <p className="field-hint">{t('brand.domainsHint')}</p>
      </div>
      <Text
        name="mirrors"
        label={t('brand.mirrors')}
        hint={t('brand.oneALine')}
        multiline
        register={register}
        errors={errors}
      />
      <Text
        name="imageCDNs"
        label={t('brand.imageCDNs')}
        hint={t('brand.httpsOneALine')}
        multiline
        register={register}
        errors={errors}
      />
      <Text
        name="launchGameCDNs"
        label={t('brand.launchGameCDNs')}
        hint={t('brand.httpsOneALine')}
        multiline
        register={register}
        errors={errors}
      />
    </Section>
  );
}

export function RegionsSection({ register, errors, settings }: Props) {
  const { t } = useTranslation();
  const message = useMessage();
  const locked = settings.currencyLocked;
  return (
    <Section id="regions" title={t('brand.sections.regions')}>
      <fieldset className="brand-languages">
        <legend>{t('brand.languages')}</legend>
        <div className="row">
          {LOCALES.map((l) => (
            <label key={l} className="check">
              <input type="checkbox" value={l} {...register('languages')} />
              {t(`brand.locales.${l}`)}
            </label>
          ))}
        </div>
        {errors.languages && (
          <p className="field-error" role="alert">
            {message(msg(errors, 'languages'))}
          </p>
        )}
      </fieldset>
      <Field id="defaultLanguage" label={t('brand.defaultLanguage')} error={msg(errors, 'defaultLanguage')}>
        <select {...fieldAria('defaultLanguage', msg(errors, 'defaultLanguage'))} {...register('defaultLanguage')}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`brand.locales.${l}`)}
            </option>
          ))}
        </select>
      </Field>
      <Text
        name="currency"
        label={t('brand.currency')}
        hint={locked ? t('brand.currencyLocked') : undefined}
        readOnly={locked}
        register={register}
        errors={errors}
      />
      <Text
        name="currencySymbol"
        label={t('brand.currencySymbol')}
        readOnly={locked}
        register={register}
        errors={errors}
      />
      <Text
        name="currencyDecimals"
        label={t('brand.currencyDecimals')}
        readOnly={locked}
        inputMode="numeric"
        register={register}
        errors={errors}
      />
      <Text
        name="allowCountries"
        label={t('brand.allowCountries')}
        hint={t('brand.allowCountriesHint')}
        register={register}
        errors={errors}
      />
      <Text
        name="denyCountries"
        label={t('brand.denyCountries')}
        hint={t('brand.countriesHint')}
        register={register}
        errors={errors}
      />
      <Text
        name="mobileDialingCodes"
        label={t('brand.mobileDialingCodes')}
        hint={t('brand.mobileDialingCodesHint')}
        register={register}
        errors={errors}
      />
    </Section>
  );
}

export function MaintenanceSection({ register, errors }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <Section id="maintenance" title={t('brand.sections.maintenance')} text={t('brand.sections.maintenanceText')}>
      <Text
        name="maintenanceStart"
        type="datetime-local"
        label={t('brand.maintenanceStart')}
        hint={t('brand.inZone', { zone: f.timeZone })}
        register={register}
        errors={errors}
      />
      <Text
        name="maintenanceEnd"
        type="datetime-local"
        label={t('brand.maintenanceEnd')}
        hint={t('brand.maintenanceEndHint')}
        register={register}
        errors={errors}
      />
    </Section>
  );
}

export function LimitsSection({ register, errors, settings }: Props) {
  const { t } = useTranslation();
  const money = t('brand.inCurrency', { currency: settings.currency });
  return (
    <Section id="limits" title={t('brand.sections.limits')} text={t('brand.sections.limitsText')}>
      <Text
        name="providerWinRatioCap"
        label={t('brand.providerWinRatioCap')}
        hint={t('brand.providerWinRatioCapHint')}
        inputMode="numeric"
        register={register}
        errors={errors}
      />
      <Text
        name="providerWinAmountCap"
        label={t('brand.providerWinAmountCap')}
        hint={`${t('brand.providerWinAmountCapHint')} ${money}`}
        inputMode="decimal"
        register={register}
        errors={errors}
      />
      <Text
        name="adjustFourEyes"
        label={t('brand.adjustFourEyes')}
        hint={`${t('brand.adjustFourEyesHint')} ${money}`}
        inputMode="decimal"
        register={register}
        errors={errors}
      />
      <Text
        name="smsDailyBudget"
        label={t('brand.smsDailyBudget')}
        hint={t('brand.smsDailyBudgetHint')}
        inputMode="numeric"
        register={register}
        errors={errors}
      />
    </Section>
  );
}
