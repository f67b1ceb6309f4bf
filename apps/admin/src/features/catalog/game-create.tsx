import { CatalogNewGameBody, type CatalogVendorRow } from '@khela/contract/staff-catalog';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../components/form';
import { createGame, type NewGameBody } from './api';
import { FormFoot, NameFields, useCatalogForm } from './catalog-form';
import { nameIn } from './vendors-screen';

/** Adding a game under one of the brand's vendors: its code (fixed once added), names, type and switches. */
export function GameCreate({
  vendors,
  vendorId,
  onDone,
}: {
  vendors: CatalogVendorRow[];
  vendorId?: number | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { form, save } = useCatalogForm(
    CatalogNewGameBody,
    {
      vendorId: vendorId ?? vendors[0]?.id ?? 0,
      code: '',
      names: { bn: '', en: '' },
      icon: '',
      classify: '',
      isHot: false,
      enabled: true,
      sort: 0,
    },
    (body: NewGameBody) => createGame(body),
    onDone,
  );
  const errors = form.formState.errors as Record<string, { message?: string }>;
  return (
    <form
      className="cd-editor"
      noValidate
      aria-label={t('catalog.add.gameTitle')}
      onSubmit={form.handleSubmit((v) => save.mutate(v as NewGameBody))}
    >
      <h2>{t('catalog.add.gameTitle')}</h2>
      <div className="cd-grid">
        <Field id="cat-game-vendor" label={t('catalog.vendor')} error={errors.vendorId?.message}>
          <select
            {...fieldAria('cat-game-vendor', errors.vendorId?.message)}
            {...form.register('vendorId', { valueAsNumber: true })}
          >
            {vendors.map((v) => (
              <option key={v.id} value={v.id}>
                {nameIn(v.names, i18n.language, v.name)} ({v.vassalage})
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="cat-game-code"
          label={t('catalog.add.gameCode')}
          error={errors.code?.message}
          hint={t('catalog.add.gameCodeHint')}
        >
          <input
            dir="ltr"
            spellCheck={false}
            {...fieldAria('cat-game-code', errors.code?.message, true)}
            {...form.register('code')}
          />
        </Field>
        <Field
          id="cat-classify"
          label={t('catalog.add.classify')}
          error={errors.classify?.message}
          hint={t('catalog.add.classifyHint')}
        >
          <input
            dir="ltr"
            {...fieldAria('cat-classify', errors.classify?.message, true)}
            {...form.register('classify')}
          />
        </Field>
        <NameFields form={form} canWrite />
        {(['enabled', 'isHot'] as const).map((k) => (
          <label key={k} className="check">
            <input type="checkbox" {...form.register(k)} />
            {t(`catalog.field.game.${k}`)}
          </label>
        ))}
      </div>
      <FormFoot form={form} canWrite pending={save.isPending} stale={false} onReload={onDone} onCancel={onDone} />
    </form>
  );
}
