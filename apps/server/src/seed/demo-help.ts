/** Help-centre sections of the demo brand, in display order (BN and EN). */
export const DEMO_HELP_SECTIONS: {
  key: string;
  title: { bn: string; en: string };
  content: { bn: string; en: string };
}[] = [
  {
    key: 'about-us',
    title: { bn: 'আমাদের সম্পর্কে', en: 'About us' },
    content: {
      en: [
        '<p><strong>Khela</strong> is an online gaming site made for players who think in Bangla. Slots, live casino, fishing, card tables, lottery and sports betting live behind one account and one wallet in Taka.</p>',
        '<p>We run on open-source software that anyone can inspect and host. Game results come from a cryptographically secure random number generator, and our in-house games are provably fair: you can check every round yourself.</p>',
        '<p>Our support team answers in Bangla and English, around the clock. If something is unclear, open Customer Service from the side menu.</p>',
      ].join(''),
      bn: [
        '<p><strong>খেলা</strong> একটি অনলাইন গেমিং সাইট, যা বানানো হয়েছে বাংলাভাষী খেলোয়াড়দের জন্য। স্লট, লাইভ ক্যাসিনো, মাছ ধরার গেম, কার্ড টেবিল, লটারি আর স্পোর্টসে বাজি — সবকিছু এক অ্যাকাউন্টে, টাকায় চলা একটিই ওয়ালেটে।</p>',
        '<p>আমাদের সাইট চলে ওপেন-সোর্স সফটওয়্যারে, যা যে কেউ যাচাই করে দেখতে বা নিজে চালাতে পারেন। গেমের ফলাফল আসে ক্রিপ্টোগ্রাফিকভাবে নিরাপদ র‍্যান্ডম নম্বর জেনারেটর থেকে, আর আমাদের নিজস্ব গেমগুলো প্রমাণযোগ্যভাবে ন্যায্য (provably fair): প্রতিটি রাউন্ড আপনি নিজেই যাচাই করতে পারবেন।</p>',
        '<p>আমাদের সাপোর্ট টিম দিনরাত ২৪ ঘণ্টা বাংলা ও ইংরেজিতে উত্তর দেয়। কোনো কিছু বুঝতে অসুবিধা হলে সাইড মেনু থেকে গ্রাহক সেবা খুলুন।</p>',
      ].join(''),
    },
  },
  {
    key: 'terms',
    title: { bn: 'শর্তাবলি', en: 'Terms and conditions' },
    content: {
      en: [
        '<p>By opening an account you accept these terms. Please read them in full.</p>',
        '<ul>',
        '<li><strong>Minimum age 21.</strong> You must be at least 21 years old to register and play. We may ask for proof of age at any time and close the account of anyone under 21; deposits are then returned and winnings forfeited.</li>',
        '<li><strong>One account per person.</strong> Duplicate accounts, shared accounts and accounts opened for someone else are closed.</li>',
        '<li><strong>Where you live.</strong> You are responsible for making sure online gaming is lawful where you live. Access is refused from regions where we do not offer the service.</li>',
        '<li><strong>Fair play.</strong> Bots, collusion, exploiting faults and bonus abuse void the bets concerned and may close the account.</li>',
        '<li><strong>Bonuses.</strong> Every promotion has its own rules and turnover requirement, shown on its page; they form part of these terms.</li>',
        "<li><strong>Maintenance.</strong> We may pause the site for maintenance; rounds in progress are settled or refunded according to the game's rules.</li>",
        '</ul>',
        '<p>We may update these terms; the new version applies from your next login, and we announce important changes in advance.</p>',
      ].join(''),
      bn: [
        '<p>অ্যাকাউন্ট খোলার মাধ্যমে আপনি এই শর্তাবলি মেনে নিচ্ছেন। অনুগ্রহ করে পুরোটা মন দিয়ে পড়ুন।</p>',
        '<ul>',
        '<li><strong>ন্যূনতম বয়স ২১ বছর।</strong> নিবন্ধন ও খেলার জন্য আপনার বয়স কমপক্ষে ২১ বছর হতে হবে। আমরা যেকোনো সময় বয়সের প্রমাণ চাইতে পারি; ২১ বছরের কম বয়সী কারও অ্যাকাউন্ট পাওয়া গেলে তা বন্ধ করা হবে, ডিপোজিটের টাকা ফেরত দেওয়া হবে এবং জেতা অর্থ বাতিল হবে।</li>',
        '<li><strong>একজনের একটিই অ্যাকাউন্ট।</strong> একাধিক অ্যাকাউন্ট, ভাগাভাগি করে ব্যবহার করা অ্যাকাউন্ট বা অন্যের নামে খোলা অ্যাকাউন্ট বন্ধ করে দেওয়া হবে।</li>',
        '<li><strong>আপনার এলাকার আইন।</strong> আপনি যেখানে থাকেন সেখানে অনলাইন গেমিং বৈধ কি না, তা নিশ্চিত করার দায়িত্ব আপনার। যেসব অঞ্চলে আমরা সেবা দিই না, সেখান থেকে সাইটে প্রবেশ করা যাবে না।</li>',
        '<li><strong>ন্যায্য খেলা।</strong> বট, যোগসাজশ, ত্রুটির সুযোগ নেওয়া বা বোনাসের অপব্যবহার ধরা পড়লে সংশ্লিষ্ট বাজি বাতিল হবে এবং অ্যাকাউন্ট বন্ধ হতে পারে।</li>',
        '<li><strong>বোনাস।</strong> প্রতিটি প্রোমোশনের নিজস্ব নিয়ম ও টার্নওভারের শর্ত তার পাতায় দেওয়া থাকে; সেগুলোও এই শর্তাবলির অংশ।</li>',
        '<li><strong>রক্ষণাবেক্ষণ।</strong> রক্ষণাবেক্ষণের জন্য আমরা সাইট সাময়িকভাবে বন্ধ রাখতে পারি; চলমান রাউন্ডগুলো গেমের নিয়ম অনুযায়ী নিষ্পত্তি করা হবে বা টাকা ফেরত দেওয়া হবে।</li>',
        '</ul>',
        '<p>আমরা এই শর্তাবলি হালনাগাদ করতে পারি; নতুন সংস্করণ আপনার পরের লগইন থেকে কার্যকর হবে, আর গুরুত্বপূর্ণ পরিবর্তন আগেই ঘোষণা করা হবে।</p>',
      ].join(''),
    },
  },
  {
    key: 'privacy',
    title: { bn: 'গোপনীয়তা নীতি', en: 'Privacy policy' },
    content: {
      en: [
        '<p>We collect only what we need to run your account: your username, your password (stored only as a salted hash), your mobile number or email if you give them, your bets and transactions, and technical data such as your IP address.</p>',
        '<p>We use your IP address to show the right site for your region and to protect your account, and your mobile number or email to send verification codes and important notices. We never sell your data.</p>',
        '<p>Payment details are handled by the payment service you choose (for example bKash or Nagad); we keep only the reference of each transaction.</p>',
        '<p>You may ask Customer Service for a copy of your data or for your account to be closed. Records we must keep by law, such as transactions, are kept for the required period and then deleted.</p>',
      ].join(''),
      bn: [
        '<p>আপনার অ্যাকাউন্ট চালাতে যতটুকু দরকার, আমরা শুধু ততটুকু তথ্যই রাখি: ইউজারনেম, পাসওয়ার্ড (শুধু সল্টেড হ্যাশ হিসেবে সংরক্ষিত), আপনি দিলে মোবাইল নম্বর বা ইমেইল, আপনার বাজি ও লেনদেনের হিসাব এবং আইপি ঠিকানার মতো কারিগরি তথ্য।</p>',
        '<p>আইপি ঠিকানা ব্যবহার করা হয় আপনার অঞ্চলের উপযোগী সাইট দেখাতে ও অ্যাকাউন্ট সুরক্ষিত রাখতে; মোবাইল নম্বর বা ইমেইল ব্যবহার করা হয় যাচাই কোড ও জরুরি নোটিশ পাঠাতে। আমরা কখনোই আপনার তথ্য বিক্রি করি না।</p>',
        '<p>পেমেন্টের বিবরণ দেখভাল করে আপনার বেছে নেওয়া পেমেন্ট সেবা (যেমন বিকাশ বা নগদ); আমরা শুধু প্রতিটি লেনদেনের রেফারেন্স রাখি।</p>',
        '<p>গ্রাহক সেবার কাছে আপনি নিজের তথ্যের একটি কপি চাইতে পারেন, কিংবা অ্যাকাউন্ট বন্ধের অনুরোধ করতে পারেন। আইন অনুযায়ী যেসব রেকর্ড রাখতে হয়, যেমন লেনদেনের হিসাব, সেগুলো নির্ধারিত সময় পর্যন্ত রেখে তারপর মুছে ফেলা হয়।</p>',
      ].join(''),
    },
  },
  {
    key: 'responsible-gaming',
    title: { bn: 'দায়িত্বশীল গেমিং', en: 'Responsible gaming' },
    content: {
      en: [
        '<p>Gaming should be entertainment, never a way to make money or to escape problems. Set a budget before you play and stop when it is spent.</p>',
        '<ul>',
        '<li>Play only with money you can afford to lose.</li>',
        '<li>Do not chase losses: a loss is the price of the entertainment, not a debt to win back.</li>',
        '<li>Take regular breaks and keep an eye on the time.</li>',
        '<li>Never play when you are upset, tired or have been drinking.</li>',
        '</ul>',
        '<p>Warning signs include spending more than you planned, borrowing to play, hiding your play from your family, or feeling restless when you are not playing. If you recognise them, talk to someone you trust.</p>',
        '<p>Customer Service can set a deposit limit on your account or close it for a period of your choosing (self-exclusion). During self-exclusion we will not reopen the account, even if you ask.</p>',
      ].join(''),
      bn: [
        '<p>গেমিং হওয়া উচিত শুধুই বিনোদন — টাকা কামানোর উপায় বা সমস্যা থেকে পালানোর পথ নয়। খেলার আগে একটি বাজেট ঠিক করুন, আর সেটি শেষ হলে থামুন।</p>',
        '<ul>',
        '<li>শুধু সেই টাকা দিয়েই খেলুন, যা হারালেও আপনার চলবে।</li>',
        '<li>হারানো টাকা তুলতে খেলা চালিয়ে যাবেন না: হার হলো বিনোদনের দাম, উদ্ধার করার মতো কোনো ঋণ নয়।</li>',
        '<li>নিয়মিত বিরতি নিন এবং সময়ের দিকে খেয়াল রাখুন।</li>',
        '<li>মন খারাপ থাকলে, ক্লান্ত হলে বা নেশাগ্রস্ত অবস্থায় কখনো খেলবেন না।</li>',
        '</ul>',
        '<p>সতর্কসংকেতগুলো হলো: পরিকল্পনার চেয়ে বেশি খরচ করা, ধার করে খেলা, পরিবারের কাছে খেলার কথা লুকানো, কিংবা না খেললে অস্থির লাগা। এর কোনোটি নিজের মধ্যে দেখলে বিশ্বস্ত কারও সঙ্গে কথা বলুন।</p>',
        '<p>গ্রাহক সেবা আপনার অ্যাকাউন্টে ডিপোজিটের সীমা বেঁধে দিতে পারে, অথবা আপনার বেছে নেওয়া সময়ের জন্য অ্যাকাউন্ট বন্ধ রাখতে পারে (সেলফ-এক্সক্লুশন)। এই সময়ে আপনি অনুরোধ করলেও আমরা অ্যাকাউন্ট আবার খুলব না।</p>',
      ].join(''),
    },
  },
  {
    key: 'deposits-withdrawals',
    title: { bn: 'ডিপোজিট ও উত্তোলন', en: 'Deposits and withdrawals' },
    content: {
      en: [
        '<p>Your wallet is in Bangladeshi Taka (৳). Deposits and withdrawals go through mobile financial services such as bKash and Nagad.</p>',
        '<ul>',
        '<li><strong>Deposit:</strong> open Deposit from the header, choose a method and an amount, and follow the instructions. Send the money from a number registered in your own name and keep the transaction ID.</li>',
        '<li><strong>Withdraw:</strong> open Withdraw and choose the account that receives the money and the amount. Any bonus turnover must be complete first.</li>',
        '<li><strong>Processing:</strong> most requests are handled within minutes; at busy times it can take longer. You get a notice when a request is approved, rejected or paid.</li>',
        '<li><strong>Confirm receipt:</strong> after a withdrawal is paid, tell us whether you received all of it, part of it or none of it. If something is missing, upload a screenshot as proof.</li>',
        '</ul>',
        '<p>For your safety we may ask you to verify your identity before a first or large withdrawal. We never ask for your bKash or Nagad PIN: anyone who does is not us.</p>',
      ].join(''),
      bn: [
        '<p>আপনার ওয়ালেট চলে বাংলাদেশি টাকায় (৳)। ডিপোজিট ও উত্তোলন হয় বিকাশ ও নগদের মতো মোবাইল ফিন্যান্সিয়াল সার্ভিসের মাধ্যমে।</p>',
        '<ul>',
        '<li><strong>ডিপোজিট:</strong> হেডার থেকে ডিপোজিট খুলুন, পদ্ধতি ও পরিমাণ বেছে নিন এবং নির্দেশনা অনুসরণ করুন। নিজের নামে নিবন্ধিত নম্বর থেকে টাকা পাঠান এবং ট্রানজ্যাকশন আইডি সংরক্ষণ করুন।</li>',
        '<li><strong>উত্তোলন:</strong> হেডার থেকে উত্তোলন খুলে যে অ্যাকাউন্টে টাকা নেবেন সেটি ও টাকার পরিমাণ বেছে নিন। তার আগে বোনাসের টার্নওভার পূরণ হতে হবে।</li>',
        '<li><strong>প্রক্রিয়াকরণ:</strong> বেশিরভাগ অনুরোধ কয়েক মিনিটের মধ্যেই সম্পন্ন হয়; ব্যস্ত সময়ে কিছুটা বেশি লাগতে পারে। অনুরোধ অনুমোদিত, বাতিল বা পরিশোধ হলে আপনাকে জানিয়ে দেওয়া হবে।</li>',
        '<li><strong>টাকা পাওয়া নিশ্চিত করুন:</strong> উত্তোলনের টাকা পাঠানোর পর জানান আপনি পুরোটা, আংশিক নাকি কিছুই পাননি। কম এলে প্রমাণ হিসেবে স্ক্রিনশট আপলোড করুন।</li>',
        '</ul>',
        '<p>আপনার নিরাপত্তার জন্য প্রথম বা বড় অঙ্কের উত্তোলনের আগে আমরা পরিচয় যাচাই করতে পারি। আমরা কখনোই আপনার বিকাশ বা নগদের পিন চাই না — কেউ চাইলে বুঝবেন, সে আমরা নই।</p>',
      ].join(''),
    },
  },
  {
    key: 'affiliate',
    title: { bn: 'অ্যাফিলিয়েট প্রোগ্রাম', en: 'Affiliate programme' },
    content: {
      en: [
        '<p>Become a Khela agent and earn from the players you bring. Share your referral link: every player who registers through it joins your team.</p>',
        '<ul>',
        '<li><strong>Contracts:</strong> earn daily wages, an hourly salary, a real-time salary or a dividend, as agreed with your upline.</li>',
        '<li><strong>Your own team:</strong> open accounts for your downlines and offer them contracts up to your own rate; you earn the difference.</li>',
        "<li><strong>Clear reports:</strong> the agent centre shows your team's bets, profit and loss, and how every payout was calculated.</li>",
        '</ul>',
        '<p>To start, press Start in the affiliates block at the bottom of the page, or ask Customer Service.</p>',
      ].join(''),
      bn: [
        '<p>খেলার এজেন্ট হোন, আর আপনার আনা খেলোয়াড়দের থেকে আয় করুন। আপনার রেফারেল লিংক শেয়ার করুন: সেই লিংক দিয়ে যে-ই নিবন্ধন করবে, সে আপনার দলে যুক্ত হবে।</p>',
        '<ul>',
        '<li><strong>চুক্তি:</strong> আপনার আপলাইনের সঙ্গে সম্মতি অনুযায়ী দৈনিক মজুরি, ঘণ্টাভিত্তিক বেতন, রিয়েল-টাইম বেতন অথবা লভ্যাংশ পান।</li>',
        '<li><strong>নিজের দল:</strong> ডাউনলাইনের জন্য অ্যাকাউন্ট খুলুন এবং নিজের হারের মধ্যে তাদের চুক্তি দিন; দুই হারের পার্থক্যটুকু আপনার আয়।</li>',
        '<li><strong>স্বচ্ছ রিপোর্ট:</strong> এজেন্ট সেন্টারে দেখা যায় আপনার দলের বাজি, লাভ-ক্ষতি এবং প্রতিটি পেমেন্ট কীভাবে হিসাব করা হয়েছে।</li>',
        '</ul>',
        "<p>শুরু করতে পাতার নিচের অ্যাফিলিয়েট অংশে 'শুরু করুন' চাপুন, অথবা গ্রাহক সেবায় যোগাযোগ করুন।</p>",
      ].join(''),
    },
  },
  {
    key: 'faq',
    title: { bn: 'সাধারণ জিজ্ঞাসা', en: 'FAQ' },
    content: {
      en: [
        '<p><strong>I forgot my password.</strong> Press "Forgot password" on the login form: we send a reset to your email or a code to your mobile number.</p>',
        '<p><strong>The site is slow or does not open.</strong> Try one of our mirror sites (side menu, speed test) or install the Android app.</p>',
        '<p><strong>My deposit has not arrived.</strong> Most deposits arrive within minutes. If yours has not arrived after 30 minutes, send Customer Service the transaction ID.</p>',
        '<p><strong>Can I play for free?</strong> Yes: press Free Play on the login form to try the games with play money. A demo balance cannot be withdrawn.</p>',
        '<p><strong>Why am I asked to change my password?</strong> For your safety: we ask for a new password when the old one has expired or is too easy to guess, such as 123456.</p>',
      ].join(''),
      bn: [
        "<p><strong>পাসওয়ার্ড ভুলে গেছি।</strong> লগইন ফর্মে 'পাসওয়ার্ড ভুলে গেছেন?' চাপুন: আমরা আপনার ইমেইলে রিসেট লিংক বা মোবাইলে একটি কোড পাঠাব।</p>",
        '<p><strong>সাইট ধীরে চলছে বা খুলছে না।</strong> আমাদের কোনো মিরর সাইট ব্যবহার করে দেখুন (সাইড মেনুর স্পিড টেস্ট), অথবা অ্যান্ড্রয়েড অ্যাপ ইনস্টল করুন।</p>',
        '<p><strong>ডিপোজিটের টাকা এখনো আসেনি।</strong> বেশিরভাগ ডিপোজিট কয়েক মিনিটের মধ্যেই চলে আসে। ৩০ মিনিট পরেও না এলে ট্রানজ্যাকশন আইডিসহ গ্রাহক সেবায় জানান।</p>',
        "<p><strong>বিনা টাকায় খেলা যায়?</strong> হ্যাঁ: লগইন ফর্মের 'ফ্রি প্লে' দিয়ে ডেমো টাকায় গেমগুলো খেলে দেখুন। ডেমো ব্যালেন্স উত্তোলন করা যায় না।</p>",
        '<p><strong>পাসওয়ার্ড বদলাতে বলছে কেন?</strong> আপনার নিরাপত্তার জন্য: পুরোনো পাসওয়ার্ডের মেয়াদ শেষ হলে কিংবা তা খুব সহজ হলে (যেমন 123456) আমরা নতুন পাসওয়ার্ড চাই।</p>',
      ].join(''),
    },
  },
];
