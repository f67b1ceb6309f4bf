import type { GameMenus } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import * as repo from './repo';

/**
 * Categories with their vendors; a category without an enabled vendor is left out (spec §2:
 * "a category shows only with at least one vendor"). prizeMode and device are accepted for
 * compatibility with the spec's call but do not narrow the menu yet: every vendor here is a
 * web vendor and lottery prize modes arrive with the lottery module.
 */
export async function gameMenusOf(db: Database, brand: BrandSnapshot): Promise<GameMenus> {
  const rows = await repo.enabledVendorsByCategory(db.kysely, brand.id);
  const menus: GameMenus = [];
  for (const r of rows) {
    let menu = menus.at(-1);
    if (menu?.gameCategory !== r.category) {
      menu = { gameCategory: r.category, title: r.category, vendors: [] };
      menus.push(menu);
    }
    menu.vendors.push({
      vassalage: r.vassalage,
      name: r.name,
      icon: r.icon,
      isHot: r.is_hot ? 1 : 0,
      isGame: r.is_game,
    });
  }
  return menus;
}
