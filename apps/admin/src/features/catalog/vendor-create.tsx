import { CatalogNewVendorBody, VENDOR_CATEGORIES } from '@khela/contract/staff-catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../components/form';
import { createVendor, NEW_VENDOR, type NewVendorBody } from './api';
import { FormFoot, LaunchUrlField, NameFields, useCatalogForm } from './catalog-form';
import { NewSecretDialog } from './rotate-secret-dialog';

/**
 * Adding a vendor: its code and category (fixed once added), names, icon, order, switches,
 * launch addresses and whether it gets a seamless-wallet account — whose signing secret is then
 * shown this once, in the rotation's dialog.
 */
export function VendorCreate({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const { form, save } = useCatalogForm(
    CatalogNewVendorBody,
    NEW_VENDOR,
    (body: NewVendorBody) => createVendor(body),
    (answer) => {
      if (answer.secret) setMade({ name: answer.vendor.name, secret: answer.secret });
      else onDone();
    },
  );
  const errors = form.formState.errors as Record<string, { message?: string }>;
  return (
    <>
      <form
        className="cd-editor"
        noValidate
        aria-label={t('catalog.add.vendorTitle')}
        onSubmit={form.handleSubmit((v) => save.mutate(v as NewVendorBody))}
      >
        <h2>{t('catalog.add.vendorTitle')}</h2>
        <p className="page-text">{t('catalog.add.vendorText')}</p>
        <div className="cd-grid">
          <Field
            id="cat-vassalage"
            label={t('catalog.add.code')}
            error={errors.vassalage?.message}
            hint={t('catalog.add.codeHint')}
          >
            <input
              dir="ltr"
              className="cd-narrow"
              autoCapitalize="characters"
              spellCheck={false}
              {...fieldAria('cat-vassalage', errors.vassalage?.message, true)}
              {...form.register('vassalage', { setValueAs: (v: string) => v.trim().toUpperCase() })}
            />
          </Field>
          <Field id="cat-category" label={t('catalog.category')} error={errors.category?.message}>
            <select {...fieldAria('cat-category', errors.category?.message)} {...form.register('category')}>
              {VENDOR_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`catalog.categories.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <NameFields form={form} canWrite />
          {(['enabled', 'isHot'] as const).map((k) => (
            <label key={k} className="check">
              <input type="checkbox" {...form.register(k)} />
              {t(`catalog.field.${k}`)}
            </label>
          ))}
        </div>
        <div className="stack">
          <LaunchUrlField form={form} name="launchUrl" canWrite />
          <LaunchUrlField form={form} name="launchUrl2" canWrite />
          <label className="check">
            <input type="checkbox" {...form.register('walletAccount')} aria-describedby="cat-wallet-hint" />
            {t('catalog.add.walletAccount')}
          </label>
          <p id="cat-wallet-hint" className="field-hint">
            {t('catalog.add.walletHint')}
          </p>
        </div>
        <FormFoot form={form} canWrite pending={save.isPending} stale={false} onReload={onDone} onCancel={onDone} />
      </form>
      {made && <NewSecretDialog name={made.name} secret={made.secret} onClose={onDone} />}
    </>
  );
}
