import type { CatalogVendorRow } from '@khela/contract/staff-catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { GAMES_KEY, listVendors, saveVendor, VENDORS_KEY, vendorBody } from './api';
import { InhouseOffer } from './inhouse-offer';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { RowSwitch } from './switch';
import { VendorCreate } from './vendor-create';
import { VendorEditor } from './vendor-editor';

/** A name in the screen's language, else the vendor's own. */
export function nameIn(names: Record<string, string | undefined>, lang: string, fallback: string) {
  return names[lang] || names.en || names.bn || fallback;
}

type Switch = 'enabled' | 'maintenance' | 'isHot';

export function VendorsScreen({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [rotating, setRotating] = useState<CatalogVendorRow | null>(null);
  const vendors = useQuery({ queryKey: VENDORS_KEY, queryFn: listVendors });
  const flip = useMutation({
    mutationFn: ({ v, key }: { v: CatalogVendorRow; key: Switch }) =>
      saveVendor(v.id, { ...vendorBody(v), [key]: !v[key] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDORS_KEY }),
  });

  if (vendors.isPending) return <Loading />;
  if (vendors.isError) return <ErrorState message={errorText(t, vendors.error)} onRetry={() => vendors.refetch()} />;
  const rows = vendors.data;
  const editing = rows.find((v) => String(v.id) === params.get('edit'));
  if (editing)
    return (
      <VendorEditor
        key={`${editing.id}:${editing.version}`}
        vendor={editing}
        canWrite={canWrite}
        onDone={() => {
          queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
          setParams({});
        }}
        onReload={() => vendors.refetch()}
      />
    );
  if (canWrite && params.get('add') === 'vendor')
    return (
      <VendorCreate
        onDone={() => {
          queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
          setParams({});
        }}
      />
    );
  const toolbar = canWrite && (
    <div className="cat-toolbar">
      <button type="button" className="button button-primary" onClick={() => setParams({ add: 'vendor' })}>
        {t('catalog.add.vendor')}
      </button>
      <InhouseOffer
        vendors={rows}
        onAdded={() => {
          queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
          queryClient.invalidateQueries({ queryKey: GAMES_KEY });
        }}
      />
    </div>
  );
  if (rows.length === 0)
    return (
      <section className="cd-list" aria-label={t('catalog.vendors')}>
        {toolbar}
        <EmptyState title={t('catalog.noVendors')} {...(canWrite ? { text: t('catalog.add.emptyText') } : {})} />
      </section>
    );

  const sw = (v: CatalogVendorRow, key: Switch, name: string) => (
    <RowSwitch
      on={v[key]}
      label={t(`catalog.switch.${key}`, { name })}
      onText={t(`catalog.state.${key}.on`)}
      offText={t(`catalog.state.${key}.off`)}
      disabled={!canWrite || flip.isPending}
      onToggle={() => flip.mutate({ v, key })}
    />
  );

  return (
    <section className="cd-list" aria-label={t('catalog.vendors')}>
      <p className="page-text">{t('catalog.vendorsAbout')}</p>
      {toolbar}
      {flip.error && (
        <p className="form-error" role="alert">
          {errorText(t, flip.error)}
        </p>
      )}
      <div className="table-scroll">
        <table className="cd-table">
          <thead>
            <tr>
              <th scope="col">{t('catalog.order')}</th>
              <th scope="col">{t('catalog.vendor')}</th>
              <th scope="col">{t('catalog.category')}</th>
              <th scope="col">{t('catalog.gameCount')}</th>
              <th scope="col">{t('catalog.onOff')}</th>
              <th scope="col">{t('catalog.maintenance')}</th>
              <th scope="col">{t('catalog.hot')}</th>
              <th scope="col">{t('catalog.secret')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('content.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => {
              const name = nameIn(v.names, i18n.language, v.name);
              return (
                <tr key={v.id}>
                  <td className="mono">{f.digits(v.sort)}</td>
                  <td className="cd-title">
                    {name} <code className="cat-code">{v.vassalage}</code>
                  </td>
                  <td>{v.category}</td>
                  <td className="mono">{f.digits(v.gameCount)}</td>
                  <td>{sw(v, 'enabled', name)}</td>
                  <td>{sw(v, 'maintenance', name)}</td>
                  <td>{sw(v, 'isHot', name)}</td>
                  <td>
                    <span className={`badge cat-secret-${v.secret.source}`}>
                      {t(`catalog.secretSource.${v.secret.source}`)}
                    </span>
                    {v.secret.previousUntil && (
                      <div className="cd-hint-line">
                        {t('catalog.overlapUntil', { at: f.at(v.secret.previousUntil) })}
                      </div>
                    )}
                  </td>
                  <td className="cd-actions">
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => setParams({ edit: String(v.id) })}
                    >
                      {canWrite ? t('content.edit') : t('content.view')}
                      <span className="visually-hidden"> {name}</span>
                    </button>
                    {canWrite && v.secret.source === 'stored' && (
                      <button type="button" className="button button-small" onClick={() => setRotating(v)}>
                        {t('catalog.rotate')}
                        <span className="visually-hidden"> {name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rotating && (
        <RotateSecretDialog
          vendor={rotating}
          name={nameIn(rotating.names, i18n.language, rotating.name)}
          onClose={() => {
            setRotating(null);
            queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
          }}
        />
      )}
    </section>
  );
}
