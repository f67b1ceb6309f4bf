import { ApiError, call } from '@khela/client';
import { brandSaveCall, brandSettingsCall } from '@khela/contract/endpoints';
import type { BrandSettings } from '@khela/contract/staff-brand';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError, useContractForm } from '../../components/form';
import { PageHeader } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { allows, useMe } from '../../lib/staff';
import { type BrandBody, brandFormSchema, changedFields, formValuesOf, topField } from './brand-form';
import {
  HostsSection,
  LimitsSection,
  MaintenanceSection,
  RegionsSection,
  RegistrationSection,
  type SectionProps,
  SiteSection,
} from './brand-sections';
import './brand.css';

const KEY = ['bo', 'brand'] as const;

/** The Brand screen (BACK-OFFICE.md "Brand", decision 0038): the brand's settings, read and saved whole. */
export function BrandPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(brandSettingsCall, {}, { signal }),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState message={errorText(t, query.error)} onRetry={() => query.refetch()} />;
  return <BrandForm settings={query.data} onReload={() => query.refetch()} />;
}

function BrandForm({ settings, onReload }: { settings: BrandSettings; onReload: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useMe();
  const canWrite = allows(me.data, 'brand.write');
  const queryClient = useQueryClient();
  const schema = useMemo(() => brandFormSchema(f.timeZone), [f.timeZone]);
  const values = useMemo(() => formValuesOf(settings, f.timeZone), [settings, f.timeZone]);
  const form = useContractForm(schema, { values: values as never });
  const errors = form.formState.errors;
  const [review, setReview] = useState<{ body: BrandBody; changed: string[] } | null>(null);
  const [saved, setSaved] = useState<string[] | null>(null);
  const [stale, setStale] = useState(false);

  const save = useMutation({
    mutationFn: (body: BrandBody) => call(brandSaveCall, body),
    onSuccess: (result) => {
      queryClient.setQueryData(KEY, result.settings);
      setSaved(result.changed);
      setReview(null);
    },
    onError: (error) => {
      setReview(null);
      if (error instanceof ApiError && error.code === 'STALE_EDIT') {
        setStale(true);
        return;
      }
      if (error instanceof ApiError && error.fieldErrors) {
        let first = true;
        for (const [path, key] of Object.entries(error.fieldErrors)) {
          form.setError(topField(path) as Path<never>, { type: 'server', message: key }, { shouldFocus: first });
          first = false;
        }
        return;
      }
      form.setError('root.server', {
        type: 'server',
        message: `errors.${error instanceof ApiError ? error.code : 'UNKNOWN'}`,
      });
    },
  });

  const onSubmit = form.handleSubmit((body) => {
    setSaved(null);
    const out = body as BrandBody;
    setReview({ body: out, changed: changedFields(settings, out) });
  });

  const label = (field: string) => t(`brand.labels.${field}`, { defaultValue: field });
  const sectionProps = { register: form.register as unknown as SectionProps['register'], errors, settings };

  return (
    <>
      <PageHeader
        title={t('brand.title')}
        text={t('brand.intro', { code: settings.merchantCode })}
        actions={
          <span className="brand-version">
            {t('brand.version', { version: f.digits(settings.version) })}
            {settings.updatedAt &&
              ` · ${t('brand.savedBy', { at: f.at(settings.updatedAt), who: settings.updatedBy ?? '—' })}`}
          </span>
        }
      />
      {!canWrite && (
        <p className="notice notice-info" role="status">
          {t('brand.readOnly')}
        </p>
      )}
      {stale && (
        <div className="notice notice-warning brand-stale" role="alert">
          <p>{t('errors.STALE_EDIT')}</p>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setStale(false);
              onReload();
            }}
          >
            {t('brand.reload')}
          </button>
        </div>
      )}
      {saved && (
        <div className="notice notice-success" role="status">
          <p>
            {saved.length === 0
              ? t('brand.savedNothing')
              : t('brand.saved', { count: saved.length, n: f.digits(saved.length) })}
          </p>
          {saved.length > 0 && <p>{saved.map(label).join(' · ')}</p>}
        </div>
      )}
      <form className="brand-form" onSubmit={onSubmit} noValidate aria-label={t('brand.title')}>
        <fieldset disabled={!canWrite || save.isPending} className="brand-fieldset">
          <RegistrationSection {...sectionProps} />
          <SiteSection {...sectionProps} />
          <HostsSection {...sectionProps} />
          <RegionsSection {...sectionProps} />
          <MaintenanceSection {...sectionProps} />
          <LimitsSection {...sectionProps} />
        </fieldset>
        {canWrite && (
          <div className="brand-actions">
            <FormError message={errors.root?.server?.message} />
            {Object.keys(errors).length > 0 && !errors.root && (
              <p className="form-error" role="alert">
                {t('brand.fixFields', { fields: Object.keys(errors).map(label).join(', ') })}
              </p>
            )}
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('brand.review')}
            </button>
          </div>
        )}
      </form>
      {review && (
        <ConfirmDialog
          title={t('brand.reviewTitle')}
          onClose={() => setReview(null)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setReview(null)}>
                {t('brand.cancel')}
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={review.changed.length === 0 || save.isPending}
                onClick={() => save.mutate({ ...review.body, reason: form.getValues('reason') || undefined })}
              >
                {save.isPending ? t('brand.saving') : t('brand.save')}
              </button>
            </>
          }
        >
          {review.changed.length === 0 ? (
            <p>{t('brand.noChanges')}</p>
          ) : (
            <>
              <p>{t('brand.reviewText', { n: f.digits(review.changed.length) })}</p>
              <ul className="brand-changes">
                {review.changed.map((c) => (
                  <li key={c}>{label(c)}</li>
                ))}
              </ul>
            </>
          )}
          <div className="field">
            <label htmlFor="brand-reason">{t('brand.reason')}</label>
            <input id="brand-reason" {...form.register('reason')} maxLength={200} />
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}
