import { ApiError } from '@khela/client';
import { CatalogGameBody, type CatalogGameRow } from '@khela/contract/staff-catalog';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../components/form';
import { type GameBody, gameBody, saveGame } from './api';
import { applyCatalogErrors, FormFoot, NameFields } from './catalog-form';

/** A game's form: names per language, icon, order, on/off and hot. */
export function GameEditor({
  game,
  canWrite,
  onDone,
  onReload,
}: {
  game: CatalogGameRow;
  canWrite: boolean;
  onDone: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm(CatalogGameBody, {
    defaultValues: { ...gameBody(game), reason: '' },
  }) as unknown as UseFormReturn<FieldValues>;
  const [stale, setStale] = useState(false);
  const save = useMutation({
    mutationFn: (body: GameBody) => saveGame(game.id, body),
    onSuccess: onDone,
    onError: (e) => {
      setStale(e instanceof ApiError && e.code === 'STALE_EDIT');
      applyCatalogErrors(form, e);
    },
  });
  return (
    <form
      className="cd-editor"
      noValidate
      aria-label={t('catalog.editGame', { code: game.code })}
      onSubmit={form.handleSubmit((v) => save.mutate(v as GameBody))}
    >
      <h2>
        {t('catalog.editGame', { code: game.code })} <code className="cat-code">{game.vassalage}</code>
      </h2>
      <div className="cd-grid">
        <NameFields form={form} canWrite={canWrite} />
        {(['enabled', 'isHot'] as const).map((k) => (
          <label key={k} className="check">
            <input type="checkbox" {...form.register(k)} disabled={!canWrite} />
            {t(`catalog.field.game.${k}`)}
          </label>
        ))}
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
