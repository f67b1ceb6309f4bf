import { ApiError, call } from '@khela/client';
import { staffAddressesCall, staffAddressesEditCall } from '@khela/contract/endpoints';
import { StaffAddressesBody } from '@khela/contract/staff-admin';
import { z } from '@khela/contract/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { PageHeader } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { allows, useMe } from '../../lib/staff';
import { ReasonField } from './staff-forms';
import { StaffTabs } from './staff-tabs';

const ADDRESSES_KEY = ['bo', 'staff-addresses'] as const;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address or CIDR block, as the server reads them (node:net). */
export function isAddressOrBlock(text: string): boolean {
  const [ip = '', bits, extra] = text.split('/');
  if (extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
  const v4 = IPV4.test(ip);
  // The URL parser knows IPv6 in all its spellings; an IPv4 address is not one.
  const v6 = !v4 && ip.includes(':') && canParseV6(ip);
  if (!v4 && !v6) return false;
  return bits === undefined || Number(bits) <= (v4 ? 32 : 128);
}

function canParseV6(ip: string) {
  try {
    return new URL(`http://[${ip}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

const linesOf = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);

const AddressesForm = z
  .object({ text: z.string().max(6000), reason: StaffAddressesBody.shape.reason })
  .superRefine((v, ctx) => {
    const bad = linesOf(v.text).filter((a) => !isAddressOrBlock(a));
    if (bad.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `staffArea.addresses.bad|${JSON.stringify({ list: bad.join(', ') })}`,
      });
    if (linesOf(v.text).length > 100)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'staffArea.addresses.tooMany' });
  });

/**
 * The brand's staff address allow-list (decision 0032): addresses and CIDR blocks staff may log
 * in and call from; empty lets every address in. The server refuses a list that leaves out the
 * address saving it, so nobody locks themselves out by a typo.
 */
export function StaffAddresses() {
  const { t } = useTranslation();
  const me = useMe().data;
  const [saved, setSaved] = useState(false);
  const list = useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => call(staffAddressesCall, {}, { signal }) });
  return (
    <>
      <PageHeader title={t('staffArea.addresses.title')} text={t('staffArea.addresses.intro')} />
      <StaffTabs />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState message={errorText(t, list.error)} onRetry={() => list.refetch()} />
      ) : allows(me, 'brand.write') ? (
        <>
          {saved && (
            <p className="notice notice-success" role="status">
              {t('staffArea.addresses.saved')}
            </p>
          )}
          <AddressesEditor
            key={list.data.addresses.join(' ')}
            addresses={list.data.addresses}
            onSaved={() => setSaved(true)}
          />
        </>
      ) : (
        <section className="panel" aria-label={t('staffArea.addresses.title')}>
          {list.data.addresses.length === 0 ? (
            <p>{t('staffArea.addresses.anywhere')}</p>
          ) : (
            <ul className="address-list">
              {list.data.addresses.map((a) => (
                <li key={a} className="mono">
                  {a}
                </li>
              ))}
            </ul>
          )}
          <p className="field-hint">{t('staffArea.addresses.count', { n: list.data.addresses.length })}</p>
        </section>
      )}
    </>
  );
}

function AddressesEditor({ addresses, onSaved }: { addresses: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm(AddressesForm, { defaultValues: { text: addresses.join('\n'), reason: '' } });
  const e = form.formState.errors;
  return (
    <form
      className="panel stack"
      noValidate
      onSubmit={form.handleSubmit(async ({ text, reason }) => {
        try {
          await call(staffAddressesEditCall, { addresses: linesOf(text), reason });
          onSaved();
          await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
        } catch (error) {
          // The server names a bad entry by its place in the list (`addresses.2`).
          const bad = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
          if (bad.length > 0) {
            const list = bad.map((k) => linesOf(text)[Number(k.split('.')[1])] ?? k).join(', ');
            form.setError('text', { message: `staffArea.addresses.bad|${JSON.stringify({ list })}` });
          } else applyServerErrors(form, error);
        }
      })}
    >
      <div className="notice notice-warning" role="note">
        <p>{t('staffArea.addresses.warning')}</p>
      </div>
      <Field
        id="staff-addresses"
        label={t('staffArea.addresses.label')}
        hint={t('staffArea.addresses.hint')}
        error={e.text?.message}
      >
        <textarea
          rows={6}
          className="mono"
          {...fieldAria('staff-addresses', e.text, true)}
          {...form.register('text')}
        />
      </Field>
      <ReasonField form={form} />
      <FormError message={e.root?.server?.message} />
      <div className="row">
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          {t('staffArea.addresses.save')}
        </button>
      </div>
    </form>
  );
}
