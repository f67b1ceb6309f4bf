import { call } from '@khela/client';
import {
  staffContactCall,
  staffCreateCall,
  staffDisableCall,
  staffEnableCall,
  staffLinkedMembersCall,
  staffResetCall,
  staffRolesCall,
} from '@khela/contract/endpoints';
import { ROLE_NAMES } from '@khela/contract/staff';
import {
  StaffContactBody,
  StaffCreateBody,
  StaffReasonBody,
  StaffResetBody,
  StaffRolesBody,
  type StaffView,
} from '@khela/contract/staff-admin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, OneTimeLink } from '../../components/action-dialog';
import { applyServerErrors, Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { useFormat } from '../../lib/format';
import { idsText, latinIds, memberIdList, ReasonField, RoleChecks } from './staff-forms';

/**
 * The staff screen's writes (decision 0032), each in a dialog that says what will happen and
 * asks for the reason the audit trail keeps. Edits send the record's `updatedAt` as read, so a
 * colleague's save in between is refused (STALE_EDIT) instead of overwritten.
 */

type Done = (staff: StaffView) => void;
type LinkShown = { staff: StaffView; setupLink: string; expiresHours: number };

function useDialogText() {
  const { t } = useTranslation();
  return { cancelLabel: t('staffArea.cancel') };
}

const CreateForm = StaffCreateBody.extend({ linkedMemberIds: memberIdList });

/** A new staff member; the answer is their one-time set-up link, shown once to copy. */
export function CreateDialog({ onClose, onDone }: { onClose: () => void; onDone: Done }) {
  const { t } = useTranslation();
  const texts = useDialogText();
  const [made, setMade] = useState<LinkShown | null>(null);
  const form = useContractForm(CreateForm, {
    defaultValues: { username: '', roles: [], linkedMemberIds: '', mobile: '', email: '', reason: '' },
  });
  const e = form.formState.errors;
  if (made) return <LinkDialog shown={made} title={t('staffArea.createdTitle')} onClose={onClose} />;
  return (
    <ActionDialog
      title={t('staffArea.createTitle')}
      text={t('staffArea.createText')}
      confirmLabel={t('staffArea.create')}
      busy={form.formState.isSubmitting}
      {...texts}
      onClose={onClose}
      onSubmit={form.handleSubmit(async (body) => {
        try {
          const answer = await call(staffCreateCall, body);
          onDone(answer.staff);
          setMade(answer);
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <Field
        id="staff-username"
        label={t('staffArea.username')}
        hint={t('staffArea.usernameHint')}
        error={e.username?.message}
      >
        <input autoComplete="off" {...fieldAria('staff-username', e.username, true)} {...form.register('username')} />
      </Field>
      <RoleChecks form={form} roles={ROLE_NAMES} />
      <ContactFields form={form} />
      <Field
        id="staff-linked"
        label={t('staffArea.linkedMembers')}
        hint={t('staffArea.linkedHint')}
        error={e.linkedMemberIds?.message}
      >
        <input
          inputMode="numeric"
          {...fieldAria('staff-linked', e.linkedMemberIds, true)}
          {...form.register('linkedMemberIds', latinIds)}
        />
      </Field>
      <ReasonField form={form} />
      <FormError message={e.root?.server?.message} />
    </ActionDialog>
  );
}

function ContactFields({
  form,
}: {
  form: ReturnType<typeof useContractForm<typeof CreateForm>> | ReturnType<typeof useContractForm<typeof LinksForm>>;
}) {
  const { t } = useTranslation();
  // Both forms hold the same mobile and email fields.
  const f = form as ReturnType<typeof useContractForm<typeof LinksForm>>;
  const e = f.formState.errors;
  return (
    <div className="field-pair">
      <Field id="staff-mobile" label={t('staffArea.mobile')} hint={t('staffArea.mobileHint')} error={e.mobile?.message}>
        <input type="tel" autoComplete="off" {...fieldAria('staff-mobile', e.mobile, true)} {...f.register('mobile')} />
      </Field>
      <Field id="staff-email" label={t('staffArea.email')} hint={t('staffArea.emailHint')} error={e.email?.message}>
        <input type="email" autoComplete="off" {...fieldAria('staff-email', e.email, true)} {...f.register('email')} />
      </Field>
    </div>
  );
}

/** The set-up link after a creation or a reset: to copy and hand over privately. */
function LinkDialog({ shown, title, onClose }: { shown: LinkShown; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <ActionDialog
      title={title}
      confirmLabel={t('staffArea.done')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <OneTimeLink
        link={shown.setupLink}
        copyLabel={t('staffArea.copyLink')}
        note={t('staffArea.linkNote', { username: shown.staff.username, hours: f.count(shown.expiresHours) })}
      />
    </ActionDialog>
  );
}

export function RolesDialog({ staff, onClose, onDone }: { staff: StaffView; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation();
  const texts = useDialogText();
  const form = useContractForm(StaffRolesBody, {
    defaultValues: { roles: staff.roles, updatedAt: staff.updatedAt, reason: '' },
  });
  return (
    <ActionDialog
      title={t('staffArea.rolesTitle', { username: staff.username })}
      text={t('staffArea.rolesText')}
      confirmLabel={t('staffArea.save')}
      busy={form.formState.isSubmitting}
      {...texts}
      onClose={onClose}
      onSubmit={form.handleSubmit(async (body) => {
        try {
          onDone(await call(staffRolesCall, { params: { id: staff.id }, body }));
          onClose();
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <RoleChecks form={form} roles={ROLE_NAMES} />
      <ReasonField form={form} />
      <FormError message={form.formState.errors.root?.server?.message} />
    </ActionDialog>
  );
}

const LinksForm = StaffContactBody.extend({ linkedMemberIds: memberIdList });

/**
 * What links a staff member to player accounts: the ids they declared, and their own mobile and
 * email (a player holding either is linked too). Only what changed is sent.
 */
export function LinksDialog({ staff, onClose, onDone }: { staff: StaffView; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation();
  const saved = useRef(staff);
  const texts = useDialogText();
  const form = useContractForm(LinksForm, {
    defaultValues: {
      linkedMemberIds: idsText(staff.linkedMemberIds),
      mobile: staff.mobile ?? '',
      email: staff.email ?? '',
      updatedAt: staff.updatedAt,
      reason: '',
    },
  });
  const e = form.formState.errors;
  return (
    <ActionDialog
      title={t('staffArea.linksTitle', { username: staff.username })}
      text={t('staffArea.linksText')}
      confirmLabel={t('staffArea.save')}
      busy={form.formState.isSubmitting}
      {...texts}
      onClose={onClose}
      onSubmit={form.handleSubmit(async ({ linkedMemberIds, mobile, email, reason }) => {
        try {
          // After a half-done save (contact saved, ids refused) a retry starts from what was saved.
          let now = saved.current;
          if (mobile !== (now.mobile ?? '') || email !== (now.email ?? ''))
            now = await call(staffContactCall, {
              params: { id: staff.id },
              body: { mobile, email, updatedAt: now.updatedAt, reason },
            });
          saved.current = now;
          if (idsText(linkedMemberIds) !== idsText(now.linkedMemberIds))
            now = await call(staffLinkedMembersCall, {
              params: { id: staff.id },
              body: { linkedMemberIds, updatedAt: now.updatedAt, reason },
            });
          onDone(now);
          onClose();
        } catch (error) {
          if (saved.current !== staff) onDone(saved.current);
          applyServerErrors(form, error);
        }
      })}
    >
      <Field
        id="staff-linked"
        label={t('staffArea.linkedMembers')}
        hint={t('staffArea.linkedHint')}
        error={e.linkedMemberIds?.message}
      >
        <input
          inputMode="numeric"
          {...fieldAria('staff-linked', e.linkedMemberIds, true)}
          {...form.register('linkedMemberIds', latinIds)}
        />
      </Field>
      <ContactFields form={form} />
      <ReasonField form={form} />
      <FormError message={e.root?.server?.message} />
    </ActionDialog>
  );
}

/** Disable (their sessions end at once) or enable again: a confirmation with the reason. */
export function StatusDialog({ staff, onClose, onDone }: { staff: StaffView; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation();
  const texts = useDialogText();
  const disabling = staff.status !== 'disabled';
  const form = useContractForm(StaffReasonBody, { defaultValues: { reason: '' } });
  return (
    <ActionDialog
      title={t(disabling ? 'staffArea.disableTitle' : 'staffArea.enableTitle', { username: staff.username })}
      text={t(disabling ? 'staffArea.disableText' : 'staffArea.enableText')}
      confirmLabel={t(disabling ? 'staffArea.disable' : 'staffArea.enable')}
      danger={disabling}
      busy={form.formState.isSubmitting}
      {...texts}
      onClose={onClose}
      onSubmit={form.handleSubmit(async (body) => {
        try {
          onDone(await call(disabling ? staffDisableCall : staffEnableCall, { params: { id: staff.id }, body }));
          onClose();
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <ReasonField form={form} />
      <FormError message={form.formState.errors.root?.server?.message} />
    </ActionDialog>
  );
}

/** A password or TOTP reset: the sessions end and a new set-up link is shown to hand over. */
export function ResetDialog({ staff, onClose, onDone }: { staff: StaffView; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation();
  const texts = useDialogText();
  const [shown, setShown] = useState<LinkShown | null>(null);
  const form = useContractForm(StaffResetBody, { defaultValues: { kind: 'password', reason: '' } });
  if (shown) return <LinkDialog shown={shown} title={t('staffArea.resetDoneTitle')} onClose={onClose} />;
  return (
    <ActionDialog
      title={t('staffArea.resetTitle', { username: staff.username })}
      text={t('staffArea.resetText')}
      confirmLabel={t('staffArea.reset')}
      danger
      busy={form.formState.isSubmitting}
      {...texts}
      onClose={onClose}
      onSubmit={form.handleSubmit(async (body) => {
        try {
          const answer = await call(staffResetCall, { params: { id: staff.id }, body });
          onDone(answer.staff);
          setShown(answer);
        } catch (error) {
          applyServerErrors(form, error);
        }
      })}
    >
      <fieldset className="role-checks">
        <legend>{t('staffArea.resetKind')}</legend>
        {(['password', 'totp'] as const).map((kind) => (
          <label key={kind} className="check">
            <input type="radio" value={kind} {...form.register('kind')} />
            {t(`staffArea.resetKinds.${kind}`)}
          </label>
        ))}
      </fieldset>
      <ReasonField form={form} />
      <FormError message={form.formState.errors.root?.server?.message} />
    </ActionDialog>
  );
}
