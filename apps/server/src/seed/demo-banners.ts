import type { BannerGroup } from '@khela/contract';

type DemoBanner = {
  image: string;
  title: { bn: string; en: string };
  /** Clickable banners open a route of the site; the others are decoration. */
  route?: string;
};

/** Images are drawn in apps/web/public/img/banners/, one per group (w_home three, w_promotions two). */
export const DEMO_BANNERS: Record<BannerGroup, DemoBanner[]> = {
  w_home: [
    {
      image: '/img/banners/home-1.webp',
      title: { bn: 'নতুন খেলোয়াড়দের জন্য স্বাগতম বোনাস', en: 'A welcome bonus for new players' },
      route: '/promotions',
    },
    {
      image: '/img/banners/home-2.webp',
      title: { bn: 'অ্যান্ড্রয়েডের জন্য খেলা অ্যাপ নামিয়ে নিন', en: 'Get the Khela app for Android' },
      route: '/down',
    },
    {
      image: '/img/banners/home-3.webp',
      title: { bn: 'নতুন ইন-হাউস গেম আসছে শিগগিরই', en: 'New in-house games are on the way' },
    },
  ],
  w_rng: [{ image: '/img/banners/rng.webp', title: { bn: 'রিল ঘোরান, ভাগ্য যাচাই করুন', en: 'Spin the reels' } }],
  w_live: [
    {
      image: '/img/banners/live.webp',
      title: { bn: 'আসল ডিলারের সঙ্গে লাইভ ক্যাসিনো', en: 'Live casino with real dealers' },
    },
  ],
  w_fish: [
    { image: '/img/banners/fish.webp', title: { bn: 'নিশানা ঠিক রাখুন, বড় মাছ ধরুন', en: 'Aim well, land the big fish' } },
  ],
  w_pvp: [
    {
      image: '/img/banners/pvp.webp',
      title: { bn: 'খেলোয়াড় বনাম খেলোয়াড় কার্ড টেবিল', en: 'Player versus player card tables' },
    },
  ],
  w_sports: [
    {
      image: '/img/banners/sports.webp',
      title: { bn: 'ক্রিকেট ও ফুটবলে বাজি ধরুন', en: 'Bet on cricket and football' },
      route: '/promotions',
    },
  ],
  w_esports: [
    {
      image: '/img/banners/esports.webp',
      title: { bn: 'ই-স্পোর্টসে আপনার দলের পাশে থাকুন', en: 'Back your team in esports' },
    },
  ],
  w_elott: [
    {
      image: '/img/banners/elott.webp',
      title: { bn: 'কয়েক মিনিট পরপর লটারির ড্র', en: 'Lottery draws every few minutes' },
    },
  ],
  w_down: [{ image: '/img/banners/down.webp', title: { bn: 'পকেটেই খেলা', en: 'Khela in your pocket' } }],
  w_promotions: [
    { image: '/img/banners/promotions.webp', title: { bn: 'এই সপ্তাহের অফার', en: "This week's offers" } },
    {
      image: '/img/banners/promotions-2.webp',
      title: { bn: 'বন্ধুকে আমন্ত্রণ জানান, দুজনেই বোনাস পান', en: 'Invite a friend, both get a bonus' },
    },
  ],
  w_pointMall: [
    {
      image: '/img/banners/pointMall.webp',
      title: { bn: 'পয়েন্ট দিয়ে পুরস্কার নিন', en: 'Turn your points into rewards' },
    },
  ],
  w_help: [{ image: '/img/banners/help.webp', title: { bn: 'কীভাবে সাহায্য করতে পারি?', en: 'How can we help?' } }],
  w_register: [
    { image: '/img/banners/register.webp', title: { bn: 'এক মিনিটেই খেলায় যোগ দিন', en: 'Join Khela in a minute' } },
  ],
  w_inhouse: [{ image: '/img/banners/inhouse.webp', title: { bn: 'খেলা অরিজিনালস', en: 'Khela Originals' } }],
  w_reg: [
    {
      image: '/img/banners/reg.webp',
      title: { bn: 'এখনও অ্যাকাউন্ট নেই? এখনই নিবন্ধন করুন', en: 'No account yet? Register now' },
      route: '/register',
    },
  ],
};
