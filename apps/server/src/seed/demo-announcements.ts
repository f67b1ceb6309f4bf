import type { AnnouncementType } from '@khela/contract';

type DemoAnnouncement = {
  type: AnnouncementType;
  popup: boolean;
  /** How long before the seed the notice started: gives the list a believable order. */
  daysAgo: number;
  title: { bn: string; en: string };
  content: { bn: string; en: string };
};

/** Operator notices of the demo brand: several of each type B, PL, PU, PR, H. */
export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  // B: the scrolling notices on the home page
  {
    type: 'B',
    popup: false,
    daysAgo: 30,
    title: { bn: 'খেলায় আপনাকে স্বাগতম', en: 'Welcome to Khela' },
    content: {
      bn: '<p>বাংলায় খেলুন, টাকায় লেনদেন করুন। স্লট, লাইভ ক্যাসিনো, লটারি ও স্পোর্টস — সবকিছু <strong>একটি অ্যাকাউন্টে</strong>।</p>',
      en: '<p>Play in Bangla, pay in Taka. Slots, live casino, lottery and sports, all in <strong>one account</strong>.</p>',
    },
  },
  {
    type: 'B',
    popup: false,
    daysAgo: 12,
    title: { bn: 'নিয়মিত রক্ষণাবেক্ষণের সময়সূচি', en: 'Scheduled maintenance window' },
    content: {
      bn: '<p>প্রতি <strong>মঙ্গলবার রাত ২টা থেকে ৪টা</strong> (ঢাকা সময়) নিয়মিত রক্ষণাবেক্ষণ চলে। এ সময় কিছু গেম সাময়িকভাবে বন্ধ থাকতে পারে; আপনার ব্যালেন্স সম্পূর্ণ নিরাপদ থাকবে।</p>',
      en: '<p>Routine maintenance runs every <strong>Tuesday from 02:00 to 04:00</strong> (Dhaka time). Some games may be unavailable meanwhile; your balance stays safe.</p>',
    },
  },
  {
    type: 'B',
    popup: false,
    daysAgo: 3,
    title: { bn: 'মিরর সাইট ব্যবহার করুন', en: 'Use our mirror sites' },
    content: {
      bn: '<p>মূল সাইট ধীরে চললে বা না খুললে সাইড মেনুর <strong>স্পিড টেস্ট</strong> থেকে সবচেয়ে দ্রুত মিরর সাইটটি বেছে নিন। সব মিররে একই অ্যাকাউন্ট ও ব্যালেন্স।</p>',
      en: '<p>If the main site is slow or does not open, pick the fastest mirror from <strong>Speed test</strong> in the side menu. Same account, same balance on every mirror.</p>',
    },
  },
  // PL: notices for players (the notice modal)
  {
    type: 'PL',
    popup: false,
    daysAgo: 20,
    title: { bn: 'বিকাশ ও নগদে ডিপোজিট', en: 'Deposits by bKash and Nagad' },
    content: {
      bn: [
        '<p>এখন আপনি সরাসরি মোবাইল ওয়ালেট থেকে ডিপোজিট করতে পারেন:</p>',
        '<ul><li><strong>বিকাশ</strong> — সেন্ড মানি বা পেমেন্ট</li><li><strong>নগদ</strong> — সেন্ড মানি</li></ul>',
        '<p>সবসময় নিজের নামে নিবন্ধিত নম্বর থেকে টাকা পাঠান এবং ট্রানজ্যাকশন আইডি সংরক্ষণ করুন।</p>',
      ].join(''),
      en: [
        '<p>You can now deposit straight from your mobile wallet:</p>',
        '<ul><li><strong>bKash</strong>: Send Money or Payment</li><li><strong>Nagad</strong>: Send Money</li></ul>',
        '<p>Always send from a number registered in your own name and keep the transaction ID.</p>',
      ].join(''),
    },
  },
  {
    type: 'PL',
    popup: false,
    daysAgo: 9,
    title: { bn: 'আপনার অ্যাকাউন্ট সুরক্ষিত রাখুন', en: 'Keep your account safe' },
    content: {
      bn: '<p>খেলার কর্মীরা কখনোই আপনার <strong>পাসওয়ার্ড, ওটিপি বা বিকাশ/নগদের পিন</strong> চাইবে না। কেউ চাইলে সঙ্গে সঙ্গে গ্রাহক সেবায় জানান।</p>',
      en: '<p>Khela staff will never ask for your <strong>password, OTP or bKash/Nagad PIN</strong>. If anyone does, tell Customer Service at once.</p>',
    },
  },
  {
    type: 'PL',
    popup: false,
    daysAgo: 1,
    title: { bn: 'অ্যান্ড্রয়েড অ্যাপের নতুন সংস্করণ', en: 'New Android app version' },
    content: {
      bn: '<p>অ্যাপের নতুন সংস্করণে লগইন আরও দ্রুত, আর দুর্বল নেটওয়ার্কেও গেম ভালো চলে। <strong>অ্যাপ ডাউনলোড</strong> পাতা থেকে হালনাগাদ করুন।</p>',
      en: '<p>The new app version logs in faster and copes better with weak networks. Update it from the <strong>App download</strong> page.</p>',
    },
  },
  // PU: shown as a popup when the site opens
  {
    type: 'PU',
    popup: true,
    daysAgo: 15,
    title: { bn: 'দায়িত্ব নিয়ে খেলুন', en: 'Play responsibly' },
    content: {
      bn: [
        '<p>খেলা শুধু <strong>২১ বছর বা তার বেশি</strong> বয়সীদের জন্য।</p>',
        '<ul><li>খেলার আগে বাজেট ঠিক করুন</li><li>হারানো টাকা তুলতে খেলা চালিয়ে যাবেন না</li><li>নিয়মিত বিরতি নিন</li></ul>',
        '<p>ডিপোজিটের সীমা বা সেলফ-এক্সক্লুশনের জন্য গ্রাহক সেবায় যোগাযোগ করুন।</p>',
      ].join(''),
      en: [
        '<p>Khela is for players aged <strong>21 or over</strong>.</p>',
        '<ul><li>Set a budget before you play</li><li>Do not chase losses</li><li>Take regular breaks</li></ul>',
        '<p>Contact Customer Service for a deposit limit or self-exclusion.</p>',
      ].join(''),
    },
  },
  {
    type: 'PU',
    popup: true,
    daysAgo: 2,
    title: { bn: 'নতুন ইন-হাউস গেম আসছে', en: 'New in-house games are coming' },
    content: {
      bn: '<p>আমাদের নিজস্ব ক্র্যাশ, ডাইস ও স্লট গেম খুব শিগগিরই আসছে — প্রতিটি রাউন্ড <strong>প্রমাণযোগ্যভাবে ন্যায্য</strong>, ফলাফল আপনি নিজেই যাচাই করতে পারবেন। চোখ রাখুন <strong>ইন-হাউস</strong> পাতায়।</p>',
      en: '<p>Our own crash, dice and slot games arrive soon: every round <strong>provably fair</strong>, so you can check each result yourself. Watch the <strong>In-House</strong> page.</p>',
    },
  },
  // PR: promotions
  {
    type: 'PR',
    popup: false,
    daysAgo: 25,
    title: { bn: 'নতুন খেলোয়াড়দের স্বাগতম বোনাস', en: 'Welcome bonus for new players' },
    content: {
      bn: '<p>প্রথম ডিপোজিটে <strong>১০০% বোনাস, সর্বোচ্চ ৳৫,০০০</strong>। বোনাস উত্তোলনের আগে ডিপোজিট ও বোনাসের ১০ গুণ টার্নওভার পূরণ করতে হবে। বিস্তারিত প্রোমোশন পাতায়।</p>',
      en: '<p><strong>100% bonus on your first deposit, up to ৳5,000</strong>. Turn over the deposit and bonus 10 times before withdrawing the bonus. Details on the promotions page.</p>',
    },
  },
  {
    type: 'PR',
    popup: false,
    daysAgo: 7,
    title: { bn: 'প্রতি সপ্তাহে স্লটে রিবেট', en: 'Weekly slots rebate' },
    content: {
      bn: '<p>প্রতি সোমবার আগের সপ্তাহের স্লট বাজির ওপর <strong>০.৮% রিবেট</strong> সরাসরি আপনার ওয়ালেটে যোগ হবে — হার-জিত যা-ই হোক।</p>',
      en: "<p>Every Monday a <strong>0.8% rebate</strong> on last week's slot bets goes straight to your wallet, win or lose.</p>",
    },
  },
  {
    type: 'PR',
    popup: false,
    daysAgo: 4,
    title: { bn: 'বন্ধুকে আমন্ত্রণ জানান', en: 'Invite a friend' },
    content: {
      bn: '<p>আপনার রেফারেল লিংক দিয়ে বন্ধু নিবন্ধন করে প্রথম ডিপোজিট করলে আপনারা দুজনেই পাবেন <strong>৳২০০ বোনাস</strong>।</p>',
      en: '<p>When a friend registers through your referral link and makes a first deposit, you both get a <strong>৳200 bonus</strong>.</p>',
    },
  },
  // H: help notices
  {
    type: 'H',
    popup: false,
    daysAgo: 18,
    title: { bn: 'কীভাবে ডিপোজিট করবেন', en: 'How to deposit' },
    content: {
      bn: '<ul><li>হেডারের <strong>ডিপোজিট</strong> বোতাম চাপুন</li><li>বিকাশ বা নগদ বেছে নিন</li><li>দেখানো নম্বরে টাকা পাঠিয়ে ট্রানজ্যাকশন আইডি লিখুন</li></ul>',
      en: '<ul><li>Press <strong>Deposit</strong> in the header</li><li>Choose bKash or Nagad</li><li>Send the money to the number shown and enter the transaction ID</li></ul>',
    },
  },
  {
    type: 'H',
    popup: false,
    daysAgo: 6,
    title: { bn: 'পাসওয়ার্ড ভুলে গেলে', en: 'If you forget your password' },
    content: {
      bn: "<p>লগইন ফর্মে <strong>'পাসওয়ার্ড ভুলে গেছেন?'</strong> চাপুন, তারপর ইমেইল বা মোবাইল নম্বর দিয়ে নতুন পাসওয়ার্ড সেট করুন।</p>",
      en: '<p>Press <strong>Forgot password</strong> on the login form, then set a new password with your email or mobile number.</p>',
    },
  },
];
