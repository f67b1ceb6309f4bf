import { CatalogGameBody, type CatalogGameRow } from '@khela/contract/staff-catalog';
import { useTranslation } from 'react-i18next';
import { type GameBody, gameBody, saveGame } from './api';
import { FormFoot, NameFields, useCatalogForm } from './catalog-form';

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
  const { form, stale, save } = useCatalogForm(
    CatalogGameBody,
    gameBody(game),
    (body: GameBody) => saveGame(game.id, body),
    onDone,
  );
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
