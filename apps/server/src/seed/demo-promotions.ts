import type { PromotionCategory } from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/schema';

type DemoPromotion = {
  category: PromotionCategory;
  image: string;
  title: { bn: string; en: string };
  body: { bn: string; en: string };
  /** Started this many days before the seed; runs for `days` days (null: no end). */
  startedDaysAgo: number;
  days: number | null;
};

const DAY_MS = 86_400_000;

/**
 * The demo brand's promotions; two are for new players (the registration form's carousel).
 * Images are drawn in apps/web/public/img/promotions/.
 */
export const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    category: 'new_player',
    image: '/img/promotions/welcome-bonus.svg',
    title: {
      bn: 'প্রথম ডিপোজিটে ১০০% স্বাগতম বোনাস',
      en: '100% welcome bonus on your first deposit',
    },
    body: {
      bn: '<p>নতুন অ্যাকাউন্ট খুলে প্রথম ডিপোজিট করুন, সমপরিমাণ বোনাস পান — সর্বোচ্চ ৳১০,০০০।</p><ul><li>সর্বনিম্ন ডিপোজিট ৳৫০০</li><li>বোনাস তুলতে ডিপোজিট ও বোনাসের ১০ গুণ বাজি ধরতে হবে</li><li>নিবন্ধনের ৭ দিনের মধ্যে নিতে হবে</li></ul>',
      en: '<p>Open a new account and make your first deposit: we match it in full, up to ৳10,000.</p><ul><li>Minimum deposit ৳500</li><li>Wager deposit plus bonus 10 times before withdrawing the bonus</li><li>Claim within 7 days of registering</li></ul>',
    },
    startedDaysAgo: 3,
    days: null,
  },
  {
    category: 'new_player',
    image: '/img/promotions/free-spins.svg',
    title: { bn: 'নতুন খেলোয়াড়দের জন্য ৫০টি ফ্রি স্পিন', en: '50 free spins for new players' },
    body: {
      bn: '<p>নিবন্ধনের পর প্রথম দিনেই নির্বাচিত স্লট গেমে ৫০টি ফ্রি স্পিন পাবেন।</p><p>ফ্রি স্পিনের জয় থেকে সর্বোচ্চ ৳২,০০০ তোলা যাবে।</p>',
      en: '<p>Get 50 free spins on selected slot games on your first day after registering.</p><p>Winnings from the free spins can be withdrawn up to ৳2,000.</p>',
    },
    startedDaysAgo: 1,
    days: 60,
  },
  {
    category: 'sports',
    image: '/img/promotions/cricket-cashback.svg',
    title: { bn: 'ক্রিকেটে প্রতি সপ্তাহে ১০% ক্যাশব্যাক', en: '10% weekly cashback on cricket' },
    body: {
      bn: '<p>সপ্তাহজুড়ে ক্রিকেটে হারানো বাজির ১০% প্রতি সোমবার আপনার ওয়ালেটে ফেরত আসবে, সর্বোচ্চ ৳৫,০০০।</p>',
      en: '<p>Every Monday, 10% of your net losses on cricket bets of the past week comes back to your wallet, up to ৳5,000.</p>',
    },
    startedDaysAgo: 10,
    days: 90,
  },
  {
    category: 'rebate',
    image: '/img/promotions/daily-rebate.svg',
    title: { bn: 'স্লট ও ফিশিংয়ে প্রতিদিন ১.২% রিবেট', en: 'Daily 1.2% rebate on slots and fishing' },
    body: {
      bn: '<p>আগের দিনের মোট বাজির ওপর ১.২% পর্যন্ত রিবেট প্রতিদিন সকালে স্বয়ংক্রিয়ভাবে যোগ হয়, কোনো টার্নওভার শর্ত নেই।</p>',
      en: '<p>Up to 1.2% of the previous day’s total bets is added every morning, automatically and with no turnover condition.</p>',
    },
    startedDaysAgo: 30,
    days: null,
  },
];

/** Inserts the demo promotions for `brandId`, their windows relative to `now`. */
export async function seedDemoPromotions(db: Kysely<DB>, brandId: number, now: Date): Promise<void> {
  await db
    .insertInto('promotions')
    .values(
      DEMO_PROMOTIONS.map((p, sort) => {
        const starts = now.getTime() - p.startedDaysAgo * DAY_MS;
        return {
          brand_id: brandId,
          category: p.category,
          title: JSON.stringify(p.title),
          body: JSON.stringify(p.body),
          image_url: p.image,
          starts_at: new Date(starts),
          ends_at: p.days === null ? null : new Date(starts + p.days * DAY_MS),
          sort,
        };
      }),
    )
    .execute();
}
