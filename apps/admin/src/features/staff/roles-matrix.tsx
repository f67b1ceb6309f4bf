import { call } from '@khela/client';
import { roleEditCall, rolesListCall } from '@khela/contract/endpoints';
import { PERMISSIONS, type Permission } from '@khela/contract/staff';
import { RoleEditBody, type RoleView as RoleViewSchema } from '@khela/contract/staff-admin';
import type { z } from '@khela/contract/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FormError, useContractForm } from '../../components/form';
import { PageHeader } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { allows, useMe } from '../../lib/staff';
import { ReasonField } from './staff-forms';
import { StaffTabs } from './staff-tabs';

type RoleView = z.infer<typeof RoleViewSchema>;

const ROLES_KEY = ['bo', 'roles'] as const;
/** The owner role always keeps staff management, so the brand cannot lock itself out (decision 0032). */
const OWNER_KEEPS: Permission = 'staff.write';

/** The catalogue by area (`players.read` → players), in the contract's order. */
const AREAS = [...new Set(PERMISSIONS.map((p) => p.split('.')[0] as string))].map((area) => ({
  area,
  permissions: PERMISSIONS.filter((p) => p.startsWith(`${area}.`)),
}));

const keyOf = (p: string) => p.replace('.', '_');

/**
 * The roles × permissions matrix (BACK-OFFICE.md "Roles and permissions"), grouped by area with
 * the read/write split; a holder of staff.write edits one role at a time.
 */
export function RolesMatrix() {
  const { t } = useTranslation();
  const me = useMe().data;
  const roles = useQuery({ queryKey: ROLES_KEY, queryFn: ({ signal }) => call(rolesListCall, {}, { signal }) });
  const [editing, setEditing] = useState<RoleView | null>(null);
  const canWrite = allows(me, 'staff.write');

  return (
    <>
      <PageHeader title={t('staffArea.rolesPage.title')} text={t('staffArea.rolesPage.intro')} />
      <StaffTabs />
      {roles.isPending ? (
        <Loading />
      ) : roles.isError ? (
        <ErrorState message={errorText(t, roles.error)} onRetry={() => roles.refetch()} />
      ) : editing ? (
        <RoleEditor key={editing.role} roles={roles.data} role={editing} onClose={() => setEditing(null)} />
      ) : (
        <Matrix roles={roles.data} onEdit={canWrite ? setEditing : undefined} />
      )}
    </>
  );
}

function Matrix({
  roles,
  onEdit,
  editing,
}: {
  roles: RoleView[];
  onEdit?: ((role: RoleView) => void) | undefined;
  editing?: { role: string; cell: (p: Permission) => React.ReactNode };
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="table-scroll">
      <table className="matrix" aria-label={t('staffArea.rolesPage.matrix')}>
        <thead>
          <tr>
            <th scope="col">{t('staffArea.rolesPage.permission')}</th>
            {roles.map((r) => (
              <th key={r.role} scope="col" className={editing?.role === r.role ? 'matrix-editing' : undefined}>
                <span className="matrix-role">{t(`roles.${r.role}`, { defaultValue: r.role })}</span>
                {r.edited && r.updatedAt && (
                  <span className="matrix-edited" title={f.at(r.updatedAt)}>
                    {t('staffArea.rolesPage.edited')}
                  </span>
                )}
                {onEdit && (
                  <button
                    type="button"
                    className="button button-small button-quiet"
                    aria-label={t('staffArea.rolesPage.editRole', {
                      role: t(`roles.${r.role}`, { defaultValue: r.role }),
                    })}
                    onClick={() => onEdit(r)}
                  >
                    {t('staffArea.rolesPage.edit')}
                  </button>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {AREAS.map(({ area, permissions }) => (
            <Fragment key={area}>
              <tr className="matrix-area">
                <th scope="rowgroup" colSpan={roles.length + 1}>
                  {t(`staffArea.areas.${area}`, { defaultValue: area })}
                </th>
              </tr>
              {permissions.map((p) => (
                <tr key={p}>
                  <th scope="row">
                    <span className={`kind kind-${p.endsWith('.read') ? 'read' : 'write'}`}>
                      {t(p.endsWith('.read') ? 'staffArea.rolesPage.read' : 'staffArea.rolesPage.write')}
                    </span>
                    <span className="permission-name">{t(`staffArea.permissions.${keyOf(p)}`)}</span>
                    <code>{p}</code>
                  </th>
                  {roles.map((r) => (
                    <td key={r.role} className={`matrix-cell${editing?.role === r.role ? ' matrix-editing' : ''}`}>
                      {editing?.role === r.role ? (
                        editing.cell(p)
                      ) : r.permissions.includes(p) ? (
                        <span className="granted" role="img" aria-label={t('staffArea.rolesPage.granted')}>
                          ✓
                        </span>
                      ) : (
                        <span className="denied" role="img" aria-label={t('staffArea.rolesPage.notGranted')}>
                          ·
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One role's permissions as checkboxes in its column; saved with the version it was read at. */
function RoleEditor({ roles, role, onClose }: { roles: RoleView[]; role: RoleView; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = t(`roles.${role.role}`, { defaultValue: role.role });
  const form = useContractForm(RoleEditBody, {
    defaultValues: { permissions: role.permissions, updatedAt: role.updatedAt, reason: '' },
  });
  const locked = (p: Permission) => role.role === 'owner' && p === OWNER_KEEPS;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (body) => {
        // A disabled box sends nothing: the owner's staff.write is added back here.
        const permissions = role.role === 'owner' ? [...new Set([...body.permissions, OWNER_KEEPS])] : body.permissions;
        try {
          await call(roleEditCall, { params: { role: role.role }, body: { ...body, permissions } });
          await queryClient.invalidateQueries({ queryKey: ROLES_KEY });
          onClose();
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <div className="notice notice-info" role="status">
        <p>{t('staffArea.rolesPage.editing', { role: name })}</p>
        {role.role === 'owner' && <p>{t('staffArea.rolesPage.ownerKeeps')}</p>}
      </div>
      <Matrix
        roles={roles}
        editing={{
          role: role.role,
          cell: (p) => (
            <input
              type="checkbox"
              value={p}
              disabled={locked(p)}
              defaultChecked={locked(p) || undefined}
              aria-label={t('staffArea.rolesPage.grant', {
                role: name,
                permission: t(`staffArea.permissions.${keyOf(p)}`),
              })}
              {...(locked(p) ? {} : form.register('permissions'))}
            />
          ),
        }}
      />
      <div className="edit-bar">
        <ReasonField form={form} />
        <FormError message={form.formState.errors.root?.server?.message} />
        <div className="row">
          <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
            {t('staffArea.rolesPage.save', { role: name })}
          </button>
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t('staffArea.cancel')}
          </button>
        </div>
      </div>
    </form>
  );
}
