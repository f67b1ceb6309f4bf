import { CatalogVendorBody, type CatalogVendorRow } from '@khela/contract/staff-catalog';
import { useTranslation } from 'react-i18next';
import { saveVendor, type VendorBody, vendorBody } from './api';
import { FormFoot, LaunchUrlField, NameFields, useCatalogForm } from './catalog-form';

/** A vendor's form: names, icon, order, switches and its launch addresses. */
export function VendorEditor({
  vendor,
  canWrite,
  onDone,
  onReload,
}: {
  vendor: CatalogVendorRow;
  canWrite: boolean;
  onDone: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { form, stale, save } = useCatalogForm(
    CatalogVendorBody,
    vendorBody(vendor),
    (body: VendorBody) => saveVendor(vendor.id, body),
    onDone,
  );
  return (
    <form
      className="cd-editor"
      noValidate
      aria-label={t('catalog.editVendor', { name: vendor.name })}
      onSubmit={form.handleSubmit((v) => save.mutate(v as VendorBody))}
    >
      <h2>
        {t('catalog.editVendor', { name: vendor.name })} <code className="cat-code">{vendor.vassalage}</code>
      </h2>
      <div className="cd-grid">
        <NameFields form={form} canWrite={canWrite} />
        {(['enabled', 'maintenance', 'isHot'] as const).map((k) => (
          <label key={k} className="check">
            <input type="checkbox" {...form.register(k)} disabled={!canWrite} />
            {t(`catalog.field.${k}`)}
          </label>
        ))}
      </div>
      <div className="stack">
        <LaunchUrlField form={form} name="launchUrl" canWrite={canWrite} />
        <LaunchUrlField form={form} name="launchUrl2" canWrite={canWrite} />
      </div>
      <FormFoot
        form={form}
        canWrite={canWrite}
        pending={save.isPending}
        stale={stale}
        onReload={onReload}
        onCancel={onDone}
      />
    </form>
  );
}
