import { type Kysely, sql } from 'kysely';
import {
  addStockVendor,
  gameIcon,
  INHOUSE_STOCK,
  type StockGame,
  type StockVendor,
  vendorIcon,
} from '../modules/catalog-desk/service';
import type { DB } from '../platform/schema';

/**
 * The demo brand's game catalog: made-up vendors (plausible names, no real trademarks) in every
 * category of spec §9, with the spec's own vendor codes where it names them (esports AV, IMES,
 * IA, AI, TF; cockfighting DIG, DS88; in-house JL; the lottery's TCG_SEA). Icons are simple SVGs
 * drawn by `npm run khela -- draw-catalog-icons` into apps/web/public/img/{vendors,games}.
 */
export type DemoGame = StockGame;
export type DemoVendor = StockVendor;

const g = (
  code: string,
  en: string,
  bn: string,
  minBet: number,
  extra: Omit<DemoGame, 'code' | 'en' | 'bn' | 'minBet'> = {},
): DemoGame => ({ code, en, bn, minBet, ...extra });

export const DEMO_VENDORS: DemoVendor[] = [
  {
    vassalage: 'NKR',
    category: 'RNG',
    en: 'Nakshi Reels',
    bn: 'নকশি রিলস',
    hot: true,
    games: [
      g('NKR-TIGER', 'Royal Bengal Fortune', 'রয়্যাল বেঙ্গল ফরচুন', 20, { classify: 'video', lines: 25, hot: true }),
      g('NKR-LOTUS', 'Lotus Treasure', 'পদ্ম রত্ন', 20, { classify: 'video', lines: 20 }),
      g('NKR-MANGO', 'Mango Mania', 'আম ম্যানিয়া', 10, { classify: 'classic', lines: 5 }),
      g('NKR-HILSA', 'Hilsa Gold', 'ইলিশ গোল্ড', 50, { classify: 'jackpot', lines: 30, hot: true }),
      g('NKR-RICKSHAW', 'Rickshaw Rush', 'রিকশা রাশ', 20, { classify: 'megaways', lines: 117649 }),
      g('NKR-MONSOON', 'Monsoon Wilds', 'বর্ষার ওয়াইল্ড', 40, { classify: 'video', lines: 40 }),
    ],
  },
  {
    vassalage: 'LTS',
    category: 'RNG',
    en: 'Lotus Spin',
    bn: 'লোটাস স্পিন',
    games: [
      g('LTS-SEVENS', 'Lucky Sevens', 'লাকি সেভেন', 10, { classify: 'classic', lines: 3 }),
      g('LTS-FRUIT', 'Fruit Bazaar', 'ফলের বাজার', 10, { classify: 'classic', lines: 5 }),
      g('LTS-DRAGON', 'Dragon Pearl', 'ড্রাগন মুক্তা', 50, { classify: 'jackpot', lines: 50 }),
      g('LTS-STARS', 'Starlight Spins', 'তারার আলো স্পিন', 20, { classify: 'video', lines: 20, hot: true }),
      g('LTS-PHARAOH', 'Desert Pharaoh', 'মরুভূমির ফারাও', 100, { classify: 'megaways', lines: 46656 }),
      g('LTS-GEMS', 'Gem Cascade', 'রত্নের ঝরনা', 20, { classify: 'video', lines: 25, off: true }),
    ],
  },
  {
    vassalage: 'SBS',
    category: 'RNG',
    en: 'Sundarban Studios',
    bn: 'সুন্দরবন স্টুডিও',
    games: [
      g('SBS-MANGROVE', 'Mangrove Mystery', 'ম্যানগ্রোভ রহস্য', 20, { classify: 'video', lines: 30 }),
      g('SBS-HONEY', 'Wild Honey', 'বুনো মধু', 10, { classify: 'classic', lines: 9 }),
      g('SBS-CROC', 'Crocodile Coins', 'কুমিরের কয়েন', 40, { classify: 'jackpot', lines: 25 }),
      g('SBS-DEER', 'Spotted Deer', 'চিত্রা হরিণ', 20, { classify: 'video', lines: 20 }),
    ],
  },
  {
    vassalage: 'MGF',
    category: 'FISH',
    en: 'Meghna Fishing',
    bn: 'মেঘনা ফিশিং',
    hot: true,
    games: [
      g('MGF-OCEAN', 'Ocean King', 'সাগরের রাজা', 10, { classify: 'shooting', hot: true }),
      g('MGF-GOLDEN', 'Golden Hilsa Hunt', 'সোনালি ইলিশ শিকার', 10, { classify: 'shooting' }),
      g('MGF-SHARK', 'Shark Strike', 'হাঙর হামলা', 20, { classify: 'shooting' }),
      g('MGF-NETS', 'Fisherman Nets', 'জেলের জাল', 10, { classify: 'arcade' }),
      g('MGF-REEF', 'Coral Reef Party', 'প্রবাল প্রাচীর পার্টি', 20, { classify: 'arcade' }),
      g('MGF-WHALE', 'Whale Fortune', 'তিমির ভাগ্য', 50, { classify: 'shooting' }),
    ],
  },
  {
    vassalage: 'PDR',
    category: 'FISH',
    en: 'Padma Reef',
    bn: 'পদ্মা রিফ',
    games: [
      g('PDR-DOLPHIN', 'Dolphin Dash', 'ডলফিন ড্যাশ', 10, { classify: 'arcade' }),
      g('PDR-KRAKEN', 'Kraken Quest', 'ক্র্যাকেনের খোঁজে', 50, { classify: 'shooting', hot: true }),
      g('PDR-TURTLE', 'Turtle Bay', 'কচ্ছপ উপসাগর', 10, { classify: 'arcade' }),
      g('PDR-STORM', 'Storm Catch', 'ঝড়ের শিকার', 20, { classify: 'shooting' }),
      g('PDR-PEARL', 'Pearl Divers', 'মুক্তা ডুবুরি', 20, { classify: 'arcade' }),
      g('PDR-MERMAID', 'Mermaid Lagoon', 'মৎস্যকন্যার লেগুন', 20, { classify: 'shooting' }),
    ],
  },
  {
    vassalage: 'ADC',
    category: 'PVP',
    en: 'Adda Cards',
    bn: 'আড্ডা কার্ডস',
    isGame: 'VASSALAGE',
    hot: true,
    games: [
      g('ADC-TEENPATTI', 'Teen Patti Classic', 'তিন পাত্তি ক্লাসিক', 100, { classify: 'cards', hot: true }),
      g('ADC-RUMMY', 'Rummy 13', 'রামি ১৩', 100, { classify: 'cards' }),
      g('ADC-CALLBREAK', 'Call Break', 'কল ব্রেক', 50, { classify: 'cards' }),
      g('ADC-LUDO', 'Ludo Star', 'লুডু স্টার', 50, { classify: 'board' }),
      g('ADC-CARROM', 'Carrom Clash', 'ক্যারম ক্ল্যাশ', 50, { classify: 'board' }),
      g('ADC-29', 'Twenty-Nine', 'টোয়েন্টি নাইন', 100, { classify: 'cards' }),
    ],
  },
  {
    vassalage: 'RGC',
    category: 'PVP',
    en: 'Rangoli Cards',
    bn: 'রঙ্গোলি কার্ডস',
    games: [
      g('RGC-POKER', "Texas Hold'em", 'টেক্সাস হোল্ডেম', 200, { classify: 'cards' }),
      g('RGC-BLACKJACK', 'Blackjack Duel', 'ব্ল্যাকজ্যাক ডুয়েল', 100, { classify: 'cards' }),
      g('RGC-DRAGONTIGER', 'Dragon Tiger Duel', 'ড্রাগন টাইগার ডুয়েল', 50, { classify: 'cards' }),
      g('RGC-CHESS', 'Blitz Chess', 'ব্লিৎজ দাবা', 100, { classify: 'board' }),
      g('RGC-DOMINO', 'Domino Masters', 'ডমিনো মাস্টার্স', 50, { classify: 'board' }),
      g('RGC-BACCARAT', 'Baccarat Showdown', 'ব্যাকারাট শোডাউন', 100, { classify: 'cards' }),
    ],
  },
  {
    vassalage: 'SLV',
    category: 'LIVE',
    en: 'Shapla Live',
    bn: 'শাপলা লাইভ',
    hot: true,
    games: [
      g('SLV-BACCARAT', 'Speed Baccarat', 'স্পিড ব্যাকারাট', 1000, { classify: 'baccarat', hot: true }),
      g('SLV-ROULETTE', 'Lightning Roulette', 'লাইটনিং রুলেট', 500, { classify: 'roulette' }),
      g('SLV-ANDARBAHAR', 'Andar Bahar', 'আন্দার বাহার', 500, { classify: 'andarbahar', hot: true }),
      g('SLV-BLACKJACK', 'Live Blackjack', 'লাইভ ব্ল্যাকজ্যাক', 2000, { classify: 'blackjack' }),
      g('SLV-SICBO', 'Super Sic Bo', 'সুপার সিক বো', 500, { classify: 'gameshow' }),
      g('SLV-WHEEL', 'Money Wheel', 'মানি হুইল', 200, { classify: 'gameshow' }),
    ],
  },
  {
    vassalage: 'GDL',
    category: 'LIVE',
    en: 'Golden Deck Live',
    bn: 'গোল্ডেন ডেক লাইভ',
    isGame: 'VASSALAGE',
    games: [
      g('GDL-BACCARAT', 'Baccarat Squeeze', 'ব্যাকারাট স্কুইজ', 2000, { classify: 'baccarat' }),
      g('GDL-DRAGONTIGER', 'Dragon Tiger', 'ড্রাগন টাইগার', 500, { classify: 'baccarat' }),
      g('GDL-ROULETTE', 'Auto Roulette', 'অটো রুলেট', 500, { classify: 'roulette' }),
      g('GDL-TEENPATTI', 'Live Teen Patti', 'লাইভ তিন পাত্তি', 500, { classify: 'andarbahar' }),
      g('GDL-CRAZYDICE', 'Crazy Dice', 'ক্রেজি ডাইস', 200, { classify: 'gameshow' }),
      g('GDL-VIP', 'VIP Blackjack', 'ভিআইপি ব্ল্যাকজ্যাক', 10000, { classify: 'blackjack' }),
    ],
  },
  {
    vassalage: 'KNL',
    category: 'ELOTT',
    en: 'Kanak Lotto',
    bn: 'কনক লটো',
    games: [
      g('KNL-KENO', 'Fast Keno', 'ফাস্ট কেনো', 100, { classify: 'keno', hot: true }),
      g('KNL-PICK3', 'Pick 3 Daily', 'পিক ৩ দৈনিক', 100, { classify: 'numbers' }),
      g('KNL-LUCKY5', 'Lucky 5 Minute', 'লাকি ৫ মিনিট', 100, { classify: 'numbers' }),
      g('KNL-BINGO', 'Bingo Blast', 'বিঙ্গো ব্লাস্ট', 50, { classify: 'keno' }),
      g('KNL-RACE', 'Horse Race Lotto', 'ঘোড়দৌড় লটো', 100, { classify: 'numbers' }),
    ],
  },
  {
    vassalage: 'TCG_SEA',
    category: 'LOTT',
    en: 'SEA Lottery',
    bn: 'এসইএ লটারি',
    games: [
      g('SEA-LOBBY', 'Lottery Lobby', 'লটারি লবি', 100, { classify: 'draw' }),
      g('SEA-MEGA', 'Mega 6/45', 'মেগা ৬/৪৫', 100, { classify: 'draw' }),
      g('SEA-POWER', 'Power 6/55', 'পাওয়ার ৬/৫৫', 100, { classify: 'draw' }),
    ],
  },
  {
    vassalage: 'DIG',
    category: 'COCKFIGHT',
    en: 'DIG Arena',
    bn: 'ডিআইজি অ্যারেনা',
    games: [g('DIG-LIVE', 'Cockfight Live', 'মোরগ লড়াই লাইভ', 1000, { hot: true })],
  },
  {
    vassalage: 'DS88',
    category: 'COCKFIGHT',
    en: 'DS88 Derby',
    bn: 'ডিএস৮৮ ডার্বি',
    games: [g('DS88-DERBY', 'Derby Ring', 'ডার্বি রিং', 1000), g('DS88-CLASSIC', 'Classic Pit', 'ক্লাসিক পিট', 500)],
  },
  {
    vassalage: 'MDS',
    category: 'SPORTS',
    en: 'Maidan Sports',
    bn: 'ময়দান স্পোর্টস',
    hot: true,
    games: [
      g('MDS-BOOK', 'Sportsbook', 'স্পোর্টসবুক', 1000, { classify: 'sportsbook', hot: true }),
      g('MDS-CRICKET', 'Cricket Exchange', 'ক্রিকেট এক্সচেঞ্জ', 1000, { classify: 'sportsbook' }),
      g('MDS-VIRTUAL', 'Virtual Football', 'ভার্চুয়াল ফুটবল', 100, { classify: 'virtual' }),
    ],
  },
  {
    vassalage: 'SXR',
    category: 'SPORTS',
    en: 'Sixer Sportsbook',
    bn: 'ছক্কা স্পোর্টসবুক',
    games: [
      g('SXR-BOOK', 'Sixer Sportsbook', 'ছক্কা স্পোর্টসবুক', 1000, { classify: 'sportsbook' }),
      g('SXR-KABADDI', 'Kabaddi Live Odds', 'কাবাডি লাইভ অডস', 500, { classify: 'sportsbook' }),
      g('SXR-VCRICKET', 'Virtual Cricket', 'ভার্চুয়াল ক্রিকেট', 100, { classify: 'virtual' }),
    ],
  },
  {
    vassalage: 'AV',
    category: 'ESPORTS',
    en: 'Avant Esports',
    bn: 'আভান্ত ইস্পোর্টস',
    hot: true,
    games: [g('AV-LOBBY', 'Avant Esports Book', 'আভান্ত ইস্পোর্টস বুক', 500, { hot: true })],
  },
  {
    vassalage: 'IMES',
    category: 'ESPORTS',
    en: 'Imes Arena',
    bn: 'ইমেস অ্যারেনা',
    games: [g('IMES-LOBBY', 'Imes Arena', 'ইমেস অ্যারেনা', 500)],
  },
  {
    vassalage: 'IA',
    category: 'ESPORTS',
    en: 'Ion Arena',
    bn: 'আয়ন অ্যারেনা',
    games: [g('IA-LOBBY', 'Ion Arena Odds', 'আয়ন অ্যারেনা অডস', 500)],
  },
  {
    vassalage: 'AI',
    category: 'ESPORTS',
    en: 'Apex Interactive',
    bn: 'অ্যাপেক্স ইন্টারঅ্যাক্টিভ',
    games: [g('AI-LOBBY', 'Apex Esports', 'অ্যাপেক্স ইস্পোর্টস', 500)],
  },
  {
    vassalage: 'TF',
    category: 'ESPORTS',
    en: 'Titan Fire',
    bn: 'টাইটান ফায়ার',
    games: [g('TF-LOBBY', 'Titan Fire Esports', 'টাইটান ফায়ার ইস্পোর্টস', 500)],
  },
  // Made playable by the in-house provider (docs/decisions/0013-in-house-slot.md).
  INHOUSE_STOCK,
];

export { gameIcon, vendorIcon };

/**
 * Adds the demo catalog to the brand when the brand has no vendor yet, in one transaction; a
 * brand with vendors (the demo's or an operator's own) is left as it is, so an operator's edits
 * survive every restart. Returns whether it wrote anything.
 */
export async function seedDemoCatalog(db: Kysely<DB>, brandId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Serialises concurrent starts: the second waits, then finds the vendors.
    await sql`SELECT id FROM brands WHERE id = ${brandId} FOR UPDATE`.execute(trx);
    const any = await trx
      .selectFrom('vendors')
      .select('id')
      .where('brand_id', '=', brandId)
      .limit(1)
      .executeTakeFirst();
    if (any) return false;
    for (const [vi, v] of DEMO_VENDORS.entries()) await addStockVendor(trx, brandId, v, vi);
    return true;
  });
}
