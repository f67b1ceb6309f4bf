import type { GameItem, GameMenus, VendorCard } from '@khela/contract';
import { VENDOR_POPUP_IS_GAME } from '@khela/contract/constants';
import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { Modal } from '@khela/ui/modal';
import { Pagination } from '@khela/ui/pagination';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { currencySymbol, useFormat } from '../../lib/format';
import { useGameMenus } from '../../lib/game-menus';
import { useLazyImage } from '../../lib/image-loader';
import { categoryTarget } from '../../lib/lobbies';
import { useLoggedIn } from '../../lib/session';
import { useBrand } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import { useGameList, useGameVendors } from './api';
import { useAdoptGuestFavourites, useFavourites } from './favourites';
import { type FavouriteControl, GameGrid } from './game-tile';
import {
  defaultParams,
  type FilterKey,
  hasFilters,
  type LobbyParams,
  mergeParams,
  paramsFromSearch,
  resetParams,
  searchFromParams,
  toggleFilter,
} from './params';
import './lobby.css';

/** Stake filters: games whose smallest bet is at most this much (brand currency, major units). */
export const MIN_BET_FILTERS = ['1', '5', '20'] as const;
const SEARCH_DELAY_MS = 300;

/** Category tabs: each category with a vendor, in the side menu's order (spec §2 'Category navigation'). */
export function CategoryNav({ current }: { current: string }) {
  const { t } = useTranslation();
  const { data: menus } = useGameMenus();
  const tabs = categoryTabs(menus);
  return (
    <nav className="lobby-cats" aria-label={t('lobby.categoriesLabel')}>
      <NavLink to="/hot" className="lobby-cat" aria-current={current === 'HOT' ? 'page' : undefined}>
        {t('pages.categories.HOT')}
      </NavLink>
      {tabs.map((c) => (
        <NavLink
          key={c.code}
          to={c.path}
          className="lobby-cat"
          aria-current={current === c.code ? 'page' : undefined}
          data-category={c.code}
        >
          {t(`pages.categories.${c.code}`, { defaultValue: c.code })}
        </NavLink>
      ))}
    </nav>
  );
}

export function categoryTabs(menus: GameMenus | undefined) {
  return (menus ?? []).flatMap((m) => {
    const path = m.vendors.length > 0 ? categoryTarget(m.gameCategory, m.vendors) : undefined;
    return path ? [{ code: m.gameCategory, path }] : [];
  });
}

/** Favourites for the grid: a visitor's star is kept locally and offered a login. */
export function useFavouriteControl(): { control: FavouriteControl; guestNote: boolean; closeNote(): void } {
  useAdoptGuestFavourites();
  const { ids, toggle } = useFavourites();
  const [guestNote, setGuestNote] = useState(false);
  const control: FavouriteControl = {
    ids,
    onToggle: (game: GameItem) => {
      void toggle(game).then(
        (r) => {
          if (r.local && r.favourite) setGuestNote(true);
        },
        () => {
          // A failed toggle leaves the star as it was; the 401 handler offers a login when needed.
        },
      );
    },
  };
  return { control, guestNote, closeNote: () => setGuestNote(false) };
}

export function GuestFavouriteNote({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <div className="lobby-note" role="status">
      <span>{t('lobby.guestFavouriteNote')}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => ui.openModal('login')}>
        {t('lobby.login')}
      </button>
      <button type="button" className="lobby-note-close" onClick={onClose} aria-label={t('lobby.close')}>
        ×
      </button>
    </div>
  );
}

/** A category's lobby (spec §2): vendors, filters, search, 42 games a page. */
export function Lobby({ category }: { category: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const brand = useBrand();
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(category, search);
  const setParams = (p: LobbyParams) => setSearch(searchFromParams(p));
  const { data: vendors } = useGameVendors();
  const lane = vendors?.data.lanes.find((l) => l.gameCategory === category);
  const games = useGameList(params);
  const fav = useFavouriteControl();
  const [popup, setPopup] = useState<VendorCard | null>(null);
  const ids = useId();

  // The search box follows the address, and writes to it after a short pause.
  const [text, setText] = useState(params.gameName);
  useEffect(() => setText(params.gameName), [params.gameName]);
  useEffect(() => {
    if (text === params.gameName) return;
    const id = setTimeout(() => setSearch(searchFromParams(mergeParams(params, { gameName: text }))), SEARCH_DELAY_MS);
    return () => clearTimeout(id);
  });

  const toggle = (key: FilterKey, value: string) => setParams(toggleFilter(params, key, value));
  const pickVendor = (v: VendorCard) => {
    if (v.isGame === VENDOR_POPUP_IS_GAME) setPopup(v);
    else toggle('vassalage', v.vassalage);
  };
  const page = games.data;
  const money = (amount: string) =>
    fmt.money(amount, { decimals: brand?.currencyDecimals ?? 2, symbol: currencySymbol(false, brand?.currencySymbol) });

  return (
    <div className="lobby">
      <div className="page-head lobby-head">
        <h1 className="page-title">{t(`pages.categories.${category}`, { defaultValue: category })}</h1>
        {page ? <span className="lobby-count">{t('lobby.results', { count: page.total })}</span> : null}
      </div>
      <CategoryNav current={category} />

      {/* While the vendors load the row shows its first card, so the tools below keep their place. */}
      {vendors === undefined || (lane && lane.vendors.length > 0) ? (
        <section className="lobby-vendors" aria-label={t('lobby.vendorsLabel')} aria-busy={vendors === undefined}>
          <button
            type="button"
            className="vendor-card vendor-card-all"
            aria-pressed={params.vassalage === ''}
            onClick={() => setParams(mergeParams(params, { vassalage: '' }))}
          >
            <span className="vendor-card-icon vendor-card-all-icon" aria-hidden="true">
              ★
            </span>
            <span className="vendor-card-name">{t('lobby.allVendors')}</span>
          </button>
          {(lane?.vendors ?? []).map((v) => (
            <VendorButton
              key={v.vassalage}
              vendor={v}
              active={params.vassalage === v.vassalage}
              onClick={() => pickVendor(v)}
            />
          ))}
        </section>
      ) : null}

      <div className="lobby-tools">
        <label className="lobby-search" htmlFor={`${ids}-search`}>
          <span className="visually-hidden">{t('lobby.searchLabel')}</span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={`${ids}-search`}
            type="search"
            value={text}
            maxLength={60}
            placeholder={t('lobby.searchPlaceholder')}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {lane && lane.gameClassify.length > 0 ? (
          <fieldset className="lobby-chips">
            <legend className="visually-hidden">{t('lobby.filterType')}</legend>
            {lane.gameClassify.map((c) => (
              <button
                key={c}
                type="button"
                className="chip"
                aria-pressed={params.gameClassify === c}
                onClick={() => toggle('gameClassify', c)}
              >
                {t(`lobby.classify.${c}`, { defaultValue: c })}
              </button>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="lobby-chips">
          <legend className="visually-hidden">{t('lobby.filterStake')}</legend>
          {MIN_BET_FILTERS.map((m) => (
            <button
              key={m}
              type="button"
              className="chip"
              aria-pressed={params.minBet === m}
              onClick={() => toggle('minBet', m)}
            >
              {t('lobby.stakeUpTo', { amount: money(m) })}
            </button>
          ))}
        </fieldset>
        {hasFilters(params) ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm lobby-reset"
            onClick={() => setParams(resetParams(params))}
          >
            {t('lobby.reset')}
          </button>
        ) : null}
      </div>

      {fav.guestNote ? <GuestFavouriteNote onClose={fav.closeNote} /> : null}

      {games.isPending ? (
        <Loading />
      ) : games.isError ? (
        <EmptyState title={t('lobby.loadFailed')} level={2}>
          <button type="button" className="btn btn-ghost" onClick={() => void games.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : page && page.list.length === 0 ? (
        <EmptyState title={t('lobby.emptyTitle')} text={t('lobby.emptyText')} level={2}>
          {hasFilters(params) ? (
            <button type="button" className="btn btn-ghost" onClick={() => setParams(resetParams(params))}>
              {t('lobby.reset')}
            </button>
          ) : null}
        </EmptyState>
      ) : page ? (
        <div className={games.isPlaceholderData ? 'lobby-games is-stale' : 'lobby-games'} aria-busy={games.isFetching}>
          <GameGrid games={page.list} favourites={fav.control} label={t('lobby.gamesLabel')} />
          <Pagination
            page={params.pageNo}
            total={page.totalPages}
            label={t('lobby.pages')}
            onChange={(n) => {
              setParams(mergeParams(params, { pageNo: n }));
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      ) : null}

      {popup ? <VendorPopup vendor={popup} favourites={fav.control} onClose={() => setPopup(null)} /> : null}
    </div>
  );
}

function VendorButton({ vendor, active, onClick }: { vendor: VendorCard; active: boolean; onClick(): void }) {
  const { t } = useTranslation();
  const img = useLazyImage(vendor.icon);
  return (
    <button
      type="button"
      className="vendor-card"
      aria-pressed={vendor.isGame === VENDOR_POPUP_IS_GAME ? undefined : active}
      aria-haspopup={vendor.isGame === VENDOR_POPUP_IS_GAME ? 'dialog' : undefined}
      onClick={onClick}
      data-vassalage={vendor.vassalage}
    >
      <img ref={img.ref} src={img.src} alt="" width="40" height="40" className="vendor-card-icon" />
      <span className="vendor-card-name">{vendor.name}</span>
      {vendor.isHot === 1 ? <span className="vendor-card-hot">{t('lobby.hot')}</span> : null}
    </button>
  );
}

/** A vendor whose isGame is VASSALAGE lists its games in a popup (spec §3). */
function VendorPopup({
  vendor,
  favourites,
  onClose,
}: {
  vendor: VendorCard;
  favourites: FavouriteControl;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const games = useGameList({ ...defaultParams(vendor.gameType), vassalage: vendor.vassalage, pageNo });
  const loggedIn = useLoggedIn();
  return (
    <Modal
      open
      onClose={onClose}
      title={t('lobby.popupTitle', { vendor: vendor.name })}
      size="lg"
      className="vendor-popup"
    >
      {games.data ? (
        <>
          <GameGrid games={games.data.list} favourites={favourites} label={t('lobby.gamesLabel')} />
          <Pagination page={pageNo} total={games.data.totalPages} label={t('lobby.pages')} onChange={setPageNo} />
        </>
      ) : (
        <Loading />
      )}
      {loggedIn ? null : <p className="vendor-popup-note">{t('lobby.loginToPlay')}</p>}
    </Modal>
  );
}
