import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../../lib/game-menus';
import { CategoryIcon } from './category-icon';

type CategoryTilesProps = {
  /** The site path of a category's lobby, or undefined when it has none. */
  pathOf: (category: string) => string | undefined;
};

/** Tiles for the game categories that have vendors today; an honest empty state otherwise. */
export function CategoryTiles({ pathOf }: CategoryTilesProps) {
  const { t } = useTranslation();
  const { data: menus, isPending, isError, refetch } = useGameMenus();
  // A category shows only with at least one vendor (spec §2 'Category navigation').
  const tiles = (menus ?? []).flatMap((m) => {
    const path = pathOf(m.gameCategory);
    return path && m.vendors.length > 0 ? [{ ...m, path }] : [];
  });
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <h2 id="categories-title" className="section-title">
        {t('pages.gamesTitle')}
      </h2>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <EmptyState title={t('pages.gamesLoadFailed')} level={3}>
          <button type="button" className="btn btn-ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : tiles.length === 0 ? (
        <EmptyState title={t('pages.gamesEmptyTitle')} text={t('pages.gamesEmptyText')} level={3} />
      ) : (
        <ul className="category-grid">
          {tiles.map((tile) => (
            <li key={tile.gameCategory}>
              <Link to={tile.path} className="category-tile" data-category={tile.gameCategory}>
                <span className="category-tile-icon">
                  <CategoryIcon category={tile.gameCategory} />
                </span>
                <span className="category-tile-name">
                  {t(`pages.categories.${tile.gameCategory}`, { defaultValue: tile.title })}
                </span>
                <span className="category-tile-meta">{t('pages.providers', { count: tile.vendors.length })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
