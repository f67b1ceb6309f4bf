import { ApiError } from '@khela/client';
import type { z } from '@khela/contract/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormError, fieldAria, useContractForm } from '../../components/form';

/** The languages a catalog name is written in on this screen. */
export const NAME_LANGUAGES = ['bn', 'en'] as const;

/** Field errors of a failed save on their fields ('names.bn' too); anything else on the form. */
export function applyCatalogErrors(form: UseFormReturn<FieldValues>, error: unknown) {
  if (!(error instanceof ApiError)) return form.setError('root.server', { message: 'errors.UNKNOWN' });
  const names = Object.keys(form.getValues());
  let placed = false;
  for (const [field, key] of Object.entries(error.fieldErrors ?? {}))
    if (names.includes(field.split('.')[0] as string)) {
      form.setError(field as Path<FieldValues>, { type: 'server', message: key });
      placed = true;
    }
  if (!placed) form.setError('root.server', { message: `errors.${error.code}` });
}

/**
 * A vendor's or game's form and its save: checked by the contract's schema, the server's field
 * errors put back on the fields, a stale save remembered so the form can offer the saved version.
 */
export function useCatalogForm<B, R = unknown>(
  schema: z.ZodObject,
  defaults: Record<string, unknown>,
  send: (body: B) => Promise<R>,
  onDone: (answer: R) => void,
) {
  const form = useContractForm(schema, {
    defaultValues: { ...defaults, reason: '' },
  }) as unknown as UseFormReturn<FieldValues>;
  const [stale, setStale] = useState(false);
  const save = useMutation({
    mutationFn: send,
    onSuccess: (answer) => onDone(answer),
    onError: (e) => {
      setStale(e instanceof ApiError && e.code === 'STALE_EDIT');
      applyCatalogErrors(form, e);
    },
  });
  return { form, stale, save };
}

type Errors = Record<string, { message?: string } & Record<string, { message?: string }>>;

/** The names per language, the icon and the reason: what the vendor and game forms share. */
export function NameFields({ form, canWrite }: { form: UseFormReturn<FieldValues>; canWrite: boolean }) {
  const { t } = useTranslation();
  const errors = form.formState.errors as Errors;
  return (
    <>
      {NAME_LANGUAGES.map((l) => {
        const id = `cat-name-${l}`;
        const error = errors.names?.[l]?.message;
        return (
          <Field key={l} id={id} label={`${t('catalog.name')} · ${t(`content.languages.${l}`)}`} error={error}>
            <input {...fieldAria(id, error)} {...form.register(`names.${l}`)} readOnly={!canWrite} />
          </Field>
        );
      })}
      <Field id="cat-icon" label={t('catalog.icon')} error={errors.icon?.message}>
        <input
          type="url"
          dir="ltr"
          {...fieldAria('cat-icon', errors.icon?.message)}
          {...form.register('icon')}
          readOnly={!canWrite}
        />
      </Field>
      <Field id="cat-sort" label={t('catalog.order')} error={errors.sort?.message} hint={t('catalog.orderHint')}>
        <input
          type="number"
          className="cd-narrow"
          {...fieldAria('cat-sort', errors.sort?.message, true)}
          {...form.register('sort', { valueAsNumber: true })}
          readOnly={!canWrite}
        />
      </Field>
    </>
  );
}

/** The reason, the form's error (a stale save with a way to reload) and the buttons. */
export function FormFoot({
  form,
  canWrite,
  pending,
  stale,
  onReload,
  onCancel,
}: {
  form: UseFormReturn<FieldValues>;
  canWrite: boolean;
  pending: boolean;
  stale: boolean;
  onReload: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {canWrite && (
        <Field id="cat-reason" label={t('catalog.reason')} hint={t('catalog.reasonHint')}>
          <input {...fieldAria('cat-reason', undefined, true)} {...form.register('reason')} />
        </Field>
      )}
      {stale ? (
        <div className="form-error" role="alert">
          {t('errors.STALE_EDIT')}{' '}
          <button type="button" className="link-button" onClick={onReload}>
            {t('content.reload')}
          </button>
        </div>
      ) : (
        <FormError message={form.formState.errors.root?.server?.message} />
      )}
      <div className="row">
        {canWrite && (
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t('content.saving') : t('content.save')}
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {canWrite ? t('content.cancel') : t('content.close')}
        </button>
      </div>
    </>
  );
}

/** A launch address template field ({token}, {game}, {lang}, {player} filled in at launch). */
export function LaunchUrlField({
  form,
  name,
  canWrite,
}: {
  form: UseFormReturn<FieldValues>;
  name: 'launchUrl' | 'launchUrl2';
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const error = (form.formState.errors as Errors)[name]?.message;
  return (
    <Field id={`cat-${name}`} label={t(`catalog.${name}`)} error={error} hint={t('catalog.launchHint')}>
      <input
        type="text"
        dir="ltr"
        inputMode="url"
        {...fieldAria(`cat-${name}`, error, true)}
        {...form.register(name)}
        readOnly={!canWrite}
      />
    </Field>
  );
}
