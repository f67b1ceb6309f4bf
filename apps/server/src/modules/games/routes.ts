import { GameMenus, GameMenusQuery } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandRead } from '../../platform/brand-read';
import * as service from './service';

export async function gameRoutes(app: FastifyInstance) {
  brandRead(app, '/lgw/games/game_menus', {
    tags: ['games'],
    summary: 'Game categories with their vendors, in side-menu order',
    query: GameMenusQuery,
    value: GameMenus,
    load: (brand) => service.gameMenusOf(app.db, brand),
  });
}
