import { fromMinor } from '@khela/contract';

/**
 * The sandbox's pages: its hosted checkout and its payout console, in Bengali or English. Small,
 * self-contained HTML with plain form posts — no script at all, so the site's CSP (script-src
 * 'self', form-action 'self') holds as it is.
 */

export type PageLang = 'bn' | 'en';

const TEXTS = {
  bn: {
    title: 'স্যান্ডবক্স পেমেন্ট',
    note: 'এটি একটি পরীক্ষামূলক (স্যান্ডবক্স) পেমেন্ট পাতা: কোনো আসল টাকা লেনদেন হয় না।',
    amount: 'পরিমাণ',
    method: 'মাধ্যম',
    order: 'অর্ডার',
    approve: 'অনুমোদন করুন',
    decline: 'প্রত্যাখ্যান করুন',
    later: 'পরে পরিশোধ করব',
    decided: 'এই অর্ডারের সিদ্ধান্ত হয়ে গেছে',
    paid: 'পরিশোধিত',
    failed: 'ব্যর্থ',
    pending: 'অপেক্ষমাণ',
    back: 'ডিপোজিট পাতায় ফিরে যান',
    notFound: 'এই অর্ডার পাওয়া যায়নি।',
    payoutsTitle: 'স্যান্ডবক্স পেআউট কনসোল',
    payoutsNote: 'অপেক্ষমাণ পেআউট: প্রতিটির ফলাফল বেছে নিন।',
    none: 'কোনো অপেক্ষমাণ পেআউট নেই।',
    account: 'অ্যাকাউন্ট',
    payee: 'প্রাপক',
    pay: 'পরিশোধ করুন',
    fail: 'ব্যর্থ করুন',
    delay: 'দেরি করুন',
    other: 'English',
  },
  en: {
    title: 'Sandbox payment',
    note: 'This is a sandbox payment page for testing: no real money moves.',
    amount: 'Amount',
    method: 'Method',
    order: 'Order',
    approve: 'Approve',
    decline: 'Decline',
    later: 'Pay later',
    decided: 'This order has been decided',
    paid: 'Paid',
    failed: 'Failed',
    pending: 'Pending',
    back: 'Back to the deposit page',
    notFound: 'This order was not found.',
    payoutsTitle: 'Sandbox payout console',
    payoutsNote: 'Waiting payouts: choose how each one ends.',
    none: 'No payout is waiting.',
    account: 'Account',
    payee: 'Payee',
    pay: 'Pay',
    fail: 'Fail',
    delay: 'Delay',
    other: 'বাংলা',
  },
} as const;

export function textsOf(lang: PageLang) {
  return TEXTS[lang];
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An amount as the reader writes it: grouped, with Bengali digits on a Bengali page and the taka
 * sign for BDT where the site puts it (after the amount in Bengali); Intl gets the exact decimal string, never a float.
 */
function money(lang: PageLang, minor: bigint, decimals: number, currency: string): string {
  const n = new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-IN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(fromMinor(minor, decimals) as unknown as number);
  if (currency !== 'BDT') return `${n} ${currency}`;
  return lang === 'bn' ? `${n}৳` : `৳${n}`;
}

/** An order number in the reader's digits. */
function digits(lang: PageLang, id: string | bigint): string {
  return lang === 'bn' ? String(id).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] as string) : String(id);
}

// Light or dark as the visitor's device is set (the player comes from the site in either); on a
// phone the payout console's table becomes one card per payout, each cell labelled.
const STYLE = `:root{color-scheme:light dark;--bg:#f3f5f8;--card:#fff;--text:#17202a;--muted:#56657a;--line:#d9e0e8;--link:#1b62b3;--ok:#1a7f46;--bad:#b42b2b;--wait:#4a5568}
@media (prefers-color-scheme:dark){:root{--bg:#0f1720;--card:#18222e;--text:#e6edf3;--muted:#9fb0c0;--line:#2a3644;--link:#63b3ed;--ok:#1f9d55;--bad:#c53030;--wait:#4a5568}}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);margin:0;padding:16px;line-height:1.45}
main{max-width:420px;margin:24px auto;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px}
h1{font-size:1.25rem;margin:0 0 8px}p.note{color:var(--muted);font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:var(--muted)}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
form{display:flex;flex-direction:column;gap:10px;margin-top:16px}
button{font:inherit;font-size:1rem;padding:12px;border-radius:8px;border:0;cursor:pointer;min-height:44px}
.approve,.pay{background:var(--ok);color:#fff}.decline,.fail{background:var(--bad);color:#fff}.later,.delay{background:var(--wait);color:#fff}
table{width:100%;border-collapse:collapse;font-size:.9rem}td,th{padding:6px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}th{color:var(--muted);font-weight:600}
main.wide{max-width:960px}td form{flex-direction:row;flex-wrap:wrap;margin:0;gap:4px}td button{padding:6px 10px;font-size:.85rem;min-height:36px}a{color:var(--link)}
@media (max-width:640px){body{padding:8px}main,main.wide{margin:8px auto;padding:16px}
table,tbody,tr,td{display:block}tr.head{display:none}
tr{border:1px solid var(--line);border-radius:10px;padding:8px 12px;margin:0 0 12px}
td{display:grid;grid-template-columns:7.5rem 1fr;gap:8px;border:0;padding:4px 0;overflow-wrap:anywhere}
td::before{content:attr(data-label);color:var(--muted)}td.acts{display:block}td.acts::before{content:none}
td form{margin-top:6px}td button{flex:1 1 auto;min-height:44px;font-size:.95rem}}`;

// The site's own icon: without a link the browser asks for /favicon.ico, which is not served (a 404
// in the console of every checkout).
function page(lang: PageLang, title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

export type CheckoutView = {
  token: string;
  lang: PageLang;
  requestId: string;
  amountMinor: bigint;
  decimals: number;
  currency: string;
  method: string;
  status: 'pending' | 'paid' | 'failed';
  returnPath: string;
};

export function checkoutPage(v: CheckoutView): string {
  const t = textsOf(v.lang);
  const other = v.lang === 'bn' ? 'en' : 'bn';
  const action = `/psp/sandbox/checkout/${encodeURIComponent(v.token)}`;
  const buttons =
    v.status === 'pending'
      ? `<form method="post" action="${action}?lang=${v.lang}">
<button class="approve" name="action" value="approve">${t.approve}</button>
<button class="decline" name="action" value="decline">${t.decline}</button>
<button class="later" name="action" value="later">${t.later}</button></form>`
      : `<p>${t.decided}: <strong>${t[v.status]}</strong></p><p><a href="${escapeHtml(v.returnPath)}">${t.back}</a></p>`;
  return page(
    v.lang,
    t.title,
    `<h1>${t.title}</h1><p class="note">${t.note}</p>
<dl><dt>${t.amount}</dt><dd>${escapeHtml(money(v.lang, v.amountMinor, v.decimals, v.currency))}</dd>
<dt>${t.method}</dt><dd>${escapeHtml(v.method)}</dd><dt>${t.order}</dt><dd>${escapeHtml(digits(v.lang, v.requestId))}</dd></dl>
${buttons}<p><a href="${action}?lang=${other}">${t.other}</a></p>`,
  );
}

export function notFoundPage(lang: PageLang): string {
  const t = textsOf(lang);
  return page(lang, t.title, `<h1>${t.title}</h1><p>${t.notFound}</p>`);
}

export type WaitingPayout = {
  id: bigint;
  requestId: bigint;
  amountMinor: bigint;
  currency: string;
  channel: string;
  account: string;
  payee: string;
};

export function payoutsPage(lang: PageLang, decimals: number, list: WaitingPayout[]): string {
  const t = textsOf(lang);
  const other = lang === 'bn' ? 'en' : 'bn';
  const rows = list
    .map(
      (
        p,
      ) => `<tr><td data-label="${t.order}">${digits(lang, p.requestId)}</td><td data-label="${t.amount}">${escapeHtml(money(lang, p.amountMinor, decimals, p.currency))}</td>
<td data-label="${t.account}">${escapeHtml(p.channel)} ${escapeHtml(p.account)}</td><td data-label="${t.payee}">${escapeHtml(p.payee)}</td>
<td class="acts"><form method="post" action="/psp/sandbox/payouts/${p.id}?lang=${lang}">
<button class="pay" name="action" value="pay">${t.pay}</button><button class="fail" name="action" value="fail">${t.fail}</button>
<button class="delay" name="action" value="delay">${t.delay}</button></form></td></tr>`,
    )
    .join('');
  return page(
    lang,
    t.payoutsTitle,
    `<h1>${t.payoutsTitle}</h1><p class="note">${t.note}</p><p>${t.payoutsNote}</p>
${list.length ? `<table><tr class="head"><th>${t.order}</th><th>${t.amount}</th><th>${t.account}</th><th>${t.payee}</th><th></th></tr>${rows}</table>` : `<p>${t.none}</p>`}
<p><a href="/psp/sandbox/payouts?lang=${other}">${t.other}</a></p>`,
    true,
  );
}
