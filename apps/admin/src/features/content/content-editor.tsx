import { ApiError } from '@khela/client';
import { LOCALES } from '@khela/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { Loading } from '../../components/states';
import { useFormat } from '../../lib/format';
import { CONTENT_CALLS, type ContentRow } from './api';
import { isoToZoned, zonedToIso } from './dates';
import { type FieldDef, fieldsOf, type KindDef } from './kinds';

// The editor is its own chunk: only a form with an HTML field downloads Tiptap.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));
const RichTextPreview = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextPreview })));

/** The languages the form offers: Bengali and English always, any other the record already has. */
function languagesOf(values: Record<string, unknown>, def: KindDef): string[] {
  const used = new Set<string>(['bn', 'en']);
  for (const f of def.fields)
    if (f.type === 'localized' || f.type === 'html')
      for (const [l, v] of Object.entries((values[f.name] ?? {}) as Record<string, string>)) if (v) used.add(l);
  return LOCALES.filter((l) => used.has(l));
}

/**
 * Puts a failed save's field errors on the fields ('title.bn' on the Bengali title) and the rest
 * on the form; a stale save says so with a way to load what the other person saved.
 */
function applyErrors(form: UseFormReturn<FieldValues>, error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    form.setError('root.server', { message: 'errors.UNKNOWN' });
    return null;
  }
  const names = Object.keys(form.getValues());
  let placed: string | null = null;
  for (const [field, key] of Object.entries(error.fieldErrors ?? {})) {
    if (!names.includes(field.split('.')[0] as string)) continue;
    form.setError(field as Path<FieldValues>, { type: 'server', message: key });
    placed ??= field;
  }
  if (!placed) form.setError('root.server', { message: `errors.${error.code}` });
  return placed;
}

type Props = {
  def: KindDef;
  /** The record being edited; null for a new one. */
  row: ContentRow | null;
  onDone: (saved: ContentRow | null) => void;
  /** After a stale save: read the list again and reopen the record as it now is. */
  onReload: () => void;
  canWrite: boolean;
};

export function ContentEditor({ def, row, onDone, onReload, canWrite }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const calls = CONTENT_CALLS[def.kind];
  const initial = row ? fieldsOf(def, row) : def.blank();
  const form = useContractForm(def.schema, { defaultValues: initial }) as unknown as UseFormReturn<FieldValues>;
  const languages = languagesOf(initial, def);
  const [lang, setLang] = useState(languages[0] ?? 'bn');
  const [preview, setPreview] = useState(false);
  const [stale, setStale] = useState(false);
  const errors = form.formState.errors as Record<string, { message?: string } & Record<string, { message?: string }>>;

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      row ? calls.update(row.id, { ...values, version: row.version }) : calls.create(values),
    onSuccess: (saved) => onDone(saved),
    onError: (error) => {
      const placed = applyErrors(form, error);
      setStale(error instanceof ApiError && error.code === 'STALE_EDIT');
      // An error on a field of another language's tab: show that tab.
      const l = placed?.split('.')[1];
      if (l && languages.includes(l)) setLang(l);
    },
  });

  const hasLocalized = def.fields.some((d) => d.type === 'localized' || d.type === 'html');
  const htmlField = def.fields.find((d) => d.type === 'html');

  const control = (d: FieldDef) => {
    const id = `cf-${d.name}`;
    const label = t(`content.fields.${d.name}`);
    const error = errors[d.name]?.message;
    switch (d.type) {
      case 'check':
        return (
          <label key={d.name} className="check">
            <input type="checkbox" {...form.register(d.name)} disabled={!canWrite} />
            {label}
          </label>
        );
      case 'select':
        return (
          <Field key={d.name} id={id} label={label} error={error}>
            <select
              {...fieldAria(id, error)}
              {...form.register(d.name, d.numeric ? { valueAsNumber: true } : {})}
              disabled={!canWrite}
            >
              {d.options.map((o) => (
                <option key={o} value={o}>
                  {t(`content.options.${d.name}.${o}`, { defaultValue: String(o) })}
                </option>
              ))}
            </select>
          </Field>
        );
      case 'number':
        return (
          <Field
            key={d.name}
            id={id}
            label={label}
            error={error}
            hint={t(`content.hints.${d.name}`, { defaultValue: '' })}
          >
            <input
              type="number"
              inputMode="numeric"
              className="cd-narrow"
              {...fieldAria(id, error)}
              {...form.register(d.name, { valueAsNumber: true })}
              readOnly={!canWrite}
            />
          </Field>
        );
      case 'datetime':
        return (
          <Field key={d.name} id={id} label={`${label} (${f.timeZone})`} error={error}>
            <Controller
              control={form.control}
              name={d.name}
              render={({ field }) => (
                <input
                  type="datetime-local"
                  {...fieldAria(id, error)}
                  value={isoToZoned(field.value as string | null, f.timeZone)}
                  onChange={(e) => field.onChange(zonedToIso(e.target.value, f.timeZone))}
                  readOnly={!canWrite}
                />
              )}
            />
          </Field>
        );
      case 'localized':
      case 'html':
        return languages.map((l) => {
          const lid = `${id}-${l}`;
          const lerror = errors[d.name]?.[l]?.message;
          const llabel = `${label} · ${t(`content.languages.${l}`)}`;
          return (
            <div key={lid} hidden={l !== lang}>
              <Field id={lid} label={llabel} error={lerror}>
                {d.type === 'localized' ? (
                  <input {...fieldAria(lid, lerror)} {...form.register(`${d.name}.${l}`)} readOnly={!canWrite} />
                ) : (
                  <Controller
                    control={form.control}
                    name={`${d.name}.${l}`}
                    render={({ field }) => (
                      <Suspense fallback={<Loading label={t('content.editor.loading')} />}>
                        <RichTextEditor
                          id={lid}
                          label={llabel}
                          value={(field.value as string | undefined) ?? ''}
                          onChange={field.onChange}
                          invalid={!!lerror}
                          {...(lerror ? { describedBy: `${lid}-error` } : {})}
                        />
                      </Suspense>
                    )}
                  />
                )}
              </Field>
            </div>
          );
        });
      default:
        return (
          <Field
            key={d.name}
            id={id}
            label={label}
            error={error}
            hint={t(`content.hints.${d.name}`, { defaultValue: '' })}
          >
            <input
              type={d.type === 'url' ? 'url' : 'text'}
              inputMode={d.type === 'url' ? 'url' : 'text'}
              dir={d.type === 'url' ? 'ltr' : undefined}
              {...fieldAria(id, error)}
              {...form.register(d.name)}
              readOnly={!canWrite}
            />
          </Field>
        );
    }
  };

  const plain = def.fields.filter((d) => d.type !== 'localized' && d.type !== 'html');
  const texts = def.fields.filter((d) => d.type === 'localized' || d.type === 'html');
  const previewHtml = htmlField ? ((form.watch(`${htmlField.name}.${lang}`) as string | undefined) ?? '') : '';

  return (
    <form
      className="cd-editor"
      noValidate
      aria-label={
        row
          ? t('content.editTitle', { kind: t(`content.kinds.${def.kind}.one`) })
          : t('content.newTitle', { kind: t(`content.kinds.${def.kind}.one`) })
      }
      onSubmit={form.handleSubmit((values) => save.mutate(values as Record<string, unknown>))}
    >
      <h2>
        {row
          ? t('content.editTitle', { kind: t(`content.kinds.${def.kind}.one`) })
          : t('content.newTitle', { kind: t(`content.kinds.${def.kind}.one`) })}
      </h2>
      {hasLocalized && (
        <div className="cd-texts">
          <div className="cd-tabs" role="tablist" aria-label={t('content.language')}>
            {languages.map((l) => {
              const bad = texts.some((d) => errors[d.name]?.[l]);
              return (
                <button
                  key={l}
                  type="button"
                  role="tab"
                  aria-selected={l === lang}
                  className={`cd-tab${l === lang ? ' cd-tab-on' : ''}${bad ? ' cd-tab-bad' : ''}`}
                  onClick={() => setLang(l)}
                >
                  {t(`content.languages.${l}`)}
                </button>
              );
            })}
            {htmlField && (
              <button
                type="button"
                className="button button-small button-quiet cd-preview-toggle"
                aria-pressed={preview}
                onClick={() => setPreview(!preview)}
              >
                {preview ? t('content.hidePreview') : t('content.preview')}
              </button>
            )}
          </div>
          <div className="stack" role="tabpanel">
            {texts.map(control)}
          </div>
          {preview && htmlField && (
            <Suspense fallback={<Loading />}>
              <RichTextPreview html={previewHtml} label={t('content.preview')} />
            </Suspense>
          )}
        </div>
      )}
      <div className="cd-grid">{plain.map(control)}</div>
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
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? t('content.saving') : t('content.save')}
          </button>
        )}
        <button type="button" className="button" onClick={() => onDone(null)}>
          {canWrite ? t('content.cancel') : t('content.close')}
        </button>
      </div>
    </form>
  );
}
