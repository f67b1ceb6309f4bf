import type { StaffMe } from '@khela/contract/staff';
import { CONTENT_KINDS, type ContentKind } from '@khela/contract/staff-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useOutletContext, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { CONTENT_CALLS, type ContentRow } from './api';
import { ContentEditor } from './content-editor';
import { fieldsOf, KINDS, type KindDef } from './kinds';
import '../../styles/desks.css';

const isKind = (k: string | undefined): k is ContentKind => (CONTENT_KINDS as readonly string[]).includes(k ?? '');
const listKey = (kind: ContentKind) => ['bo', 'content', kind] as const;

/**
 * The Content area (BACK-OFFICE.md "Content"): a tab per kind, its list with on/off switches and
 * the display order, and the editor of one record (`?edit=<id>` or `?edit=new`, so a record is a
 * link a colleague can open).
 */
export function ContentPage() {
  const { t } = useTranslation();
  const me = useOutletContext<StaffMe>();
  const kind = useParams()['*']?.split('/')[0];
  if (!isKind(kind)) return <Navigate to="/content/announcements" replace />;
  return (
    <>
      <PageHeader title={t('content.title')} text={t('content.intro')} />
      <nav className="cd-subnav" aria-label={t('content.kindsLabel')}>
        {CONTENT_KINDS.map((k) => (
          <NavLink
            key={k}
            to={`/content/${k}`}
            className={({ isActive }) => `cd-subnav-link${isActive ? ' active' : ''}`}
          >
            {t(`content.kinds.${k}.many`)}
          </NavLink>
        ))}
      </nav>
      <KindScreen key={kind} def={KINDS[kind]} canWrite={me.permissions.includes('content.write')} />
    </>
  );
}

/** A row's title in the screen's language, else the first it has. */
function titleOf(def: KindDef, row: ContentRow, lang: string): string {
  const v = row[def.title];
  if (typeof v === 'string') return v || '—';
  const texts = (v ?? {}) as Record<string, string>;
  return texts[lang] || texts.bn || texts.en || Object.values(texts).find(Boolean) || '—';
}

function KindScreen({ def, canWrite }: { def: KindDef; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [saved, setSaved] = useState<string | null>(null);
  const calls = CONTENT_CALLS[def.kind];
  const list = useQuery({ queryKey: listKey(def.kind), queryFn: () => calls.list() });
  const editing = params.get('edit');
  const rows = list.data ?? [];

  const setList = (next: ContentRow[]) => queryClient.setQueryData(listKey(def.kind), next);
  const toggle = useMutation({
    mutationFn: (row: ContentRow) =>
      calls.update(row.id, {
        ...fieldsOf(def, row),
        [def.toggle as string]: !row[def.toggle as string],
        version: row.version,
      }),
    onSuccess: (row) => setList(rows.map((r) => (r.id === row.id ? row : r))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(def.kind) }),
  });
  const order = useMutation({
    mutationFn: (ids: number[]) => (calls.order as (ids: number[]) => Promise<ContentRow[]>)(ids),
    onSuccess: setList,
  });
  const remove = useMutation({
    mutationFn: (row: ContentRow) => calls.remove(row.id, row.version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(def.kind) }),
  });
  const failure = toggle.error ?? order.error ?? remove.error;

  const open = (id: string | null) => {
    setSaved(null);
    setParams(id === null ? {} : { edit: id });
  };

  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState message={errorText(t, list.error)} onRetry={() => list.refetch()} />;

  if (editing !== null) {
    const row = editing === 'new' ? null : (rows.find((r) => String(r.id) === editing) ?? undefined);
    if (row === undefined) return <ErrorState message={t('errors.NOT_FOUND')} onRetry={() => open(null)} />;
    return (
      <ContentEditor
        key={`${editing}:${row?.version ?? 0}`}
        def={def}
        row={row}
        canWrite={canWrite}
        onDone={(savedRow) => {
          if (savedRow) {
            setSaved(titleOf(def, savedRow, i18n.language));
            queryClient.invalidateQueries({ queryKey: listKey(def.kind) });
          }
          setParams({});
        }}
        onReload={() => list.refetch()}
      />
    );
  }

  const move = (index: number, by: number) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id as number);
    order.mutate(ids);
  };

  return (
    <section className="cd-list" aria-label={t(`content.kinds.${def.kind}.many`)}>
      <div className="cd-list-head">
        <p className="page-text">{t(`content.kinds.${def.kind}.about`)}</p>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={() => open('new')}>
            {t(`content.kinds.${def.kind}.add`)}
          </button>
        )}
      </div>
      {saved && (
        <p className="notice notice-success" role="status">
          {t('content.saved', { title: saved })}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {errorText(t, failure)}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t('content.empty')} text={t(`content.kinds.${def.kind}.about`)} />
      ) : (
        <div className="table-scroll">
          <table className="cd-table">
            <thead>
              <tr>
                {def.ordered && <th scope="col">{t('content.order')}</th>}
                <th scope="col">{t('content.fields.title')}</th>
                {def.tag && <th scope="col">{t(`content.fields.${def.tag}`)}</th>}
                {def.dated && <th scope="col">{t('content.showing', { zone: f.timeZone })}</th>}
                {def.toggle && <th scope="col">{t('content.status')}</th>}
                <th scope="col">
                  <span className="visually-hidden">{t('content.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const title = titleOf(def, row, i18n.language);
                const on = def.toggle ? (row[def.toggle] as boolean) : true;
                return (
                  <tr key={row.id}>
                    {def.ordered && (
                      <td className="cd-order">
                        <button
                          type="button"
                          className="button button-small button-quiet"
                          aria-label={t('content.moveUp', { title })}
                          disabled={!canWrite || i === 0 || order.isPending}
                          onClick={() => move(i, -1)}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="button button-small button-quiet"
                          aria-label={t('content.moveDown', { title })}
                          disabled={!canWrite || i === rows.length - 1 || order.isPending}
                          onClick={() => move(i, 1)}
                        >
                          ↓
                        </button>
                      </td>
                    )}
                    <td className="cd-title">{title}</td>
                    {def.tag && (
                      <td>
                        <span className="badge">
                          {t(`content.options.${def.tag}.${String(row[def.tag])}`, {
                            defaultValue: String(row[def.tag]),
                          })}
                        </span>
                      </td>
                    )}
                    {def.dated && (
                      <td className="mono cd-when">
                        {row.startsAt ? f.at(row.startsAt as string) : t('content.always')}
                        {' → '}
                        {row.endsAt ? f.at(row.endsAt as string) : t('content.noEnd')}
                      </td>
                    )}
                    {def.toggle && (
                      <td>
                        <button
                          type="button"
                          role="switch"
                          aria-checked={on}
                          aria-label={t('content.showOnSite', { title })}
                          className={`cd-switch${on ? ' cd-switch-on' : ''}`}
                          disabled={!canWrite || toggle.isPending}
                          onClick={() => toggle.mutate(row)}
                        >
                          <span className="cd-switch-knob" aria-hidden="true" />
                          <span className="cd-switch-text">{on ? t('content.on') : t('content.off')}</span>
                        </button>
                      </td>
                    )}
                    <td className="cd-actions">
                      <button type="button" className="button button-small" onClick={() => open(String(row.id))}>
                        {canWrite ? t('content.edit') : t('content.view')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                      {canWrite && (
                        <button
                          type="button"
                          className="button button-small button-danger"
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(t('content.confirmDelete', { title }))) remove.mutate(row);
                          }}
                        >
                          {t('content.delete')}
                          <span className="visually-hidden"> {title}</span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
