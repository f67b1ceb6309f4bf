import { DEFAULT_LOCALE, LOCALES, type Locale } from '@khela/contract';

/**
 * The texts the server itself sends a member — the password-reset email and SMS codes — in
 * the member's language (spec §1: the language a player chooses is told to the server), else
 * the brand's default language. Every locale of the web app has its texts here; 'ty' is the
 * English of the TY brand variant.
 */
export function memberLanguage(
  chosen: string | null | undefined,
  brand: { info: { defaultLanguage: string } },
): Locale {
  const known = (v: string | null | undefined): v is Locale => !!v && (LOCALES as readonly string[]).includes(v);
  if (known(chosen)) return chosen;
  return known(brand.info.defaultLanguage) ? brand.info.defaultLanguage : DEFAULT_LOCALE;
}

type ResetEmail = { account: string; link: string; minutes: number };
type EmailText = { subject: (brand: string) => string; text: (v: ResetEmail) => string };

const EN_RESET: EmailText = {
  subject: (brand) => `${brand}: reset your password`,
  text: (v) =>
    [
      `Hello ${v.account},`,
      '',
      `Someone (hopefully you) asked to reset the password of this account. Open this link within ${v.minutes} minutes to choose a new one; it works once:`,
      v.link,
      '',
      'If you did not ask, ignore this email: your password stays as it is.',
    ].join('\n'),
};

/** The password-reset email. The link stands alone on its own line, so any mail program makes it clickable. */
export const RESET_EMAIL: Record<Locale, EmailText> = {
  bn: {
    subject: (brand) => `${brand}: পাসওয়ার্ড রিসেট করুন`,
    text: (v) =>
      [
        `প্রিয় ${v.account},`,
        '',
        `আপনার অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে। নতুন পাসওয়ার্ড দিতে ${v.minutes} মিনিটের মধ্যে নিচের লিংকটি খুলুন; লিংকটি একবারই কাজ করবে:`,
        v.link,
        '',
        'অনুরোধটি আপনি না করে থাকলে এই ইমেইলটি উপেক্ষা করুন — আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
      ].join('\n'),
  },
  en: EN_RESET,
  cn: {
    subject: (brand) => `${brand}：重置您的密码`,
    text: (v) =>
      [
        `${v.account}，您好：`,
        '',
        `有人（希望是您本人）请求重置此账户的密码。请在 ${v.minutes} 分钟内打开以下链接设置新密码，该链接只能使用一次：`,
        v.link,
        '',
        '如果这不是您本人的请求，请忽略此邮件，您的密码将保持不变。',
      ].join('\n'),
  },
  id: {
    subject: (brand) => `${brand}: atur ulang kata sandi Anda`,
    text: (v) =>
      [
        `Halo ${v.account},`,
        '',
        `Seseorang (semoga Anda sendiri) meminta untuk mengatur ulang kata sandi akun ini. Buka tautan ini dalam ${v.minutes} menit untuk membuat kata sandi baru; tautan ini hanya berlaku sekali:`,
        v.link,
        '',
        'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap seperti semula.',
      ].join('\n'),
  },
  th: {
    subject: (brand) => `${brand}: รีเซ็ตรหัสผ่านของคุณ`,
    text: (v) =>
      [
        `สวัสดีคุณ ${v.account}`,
        '',
        `มีผู้ขอรีเซ็ตรหัสผ่านของบัญชีนี้ (หวังว่าจะเป็นคุณเอง) โปรดเปิดลิงก์ด้านล่างภายใน ${v.minutes} นาทีเพื่อตั้งรหัสผ่านใหม่ ลิงก์นี้ใช้ได้เพียงครั้งเดียว:`,
        v.link,
        '',
        'หากคุณไม่ได้เป็นผู้ขอ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะยังคงเหมือนเดิม',
      ].join('\n'),
  },
  ty: EN_RESET,
  vi: {
    subject: (brand) => `${brand}: đặt lại mật khẩu của bạn`,
    text: (v) =>
      [
        `Xin chào ${v.account},`,
        '',
        `Ai đó (hy vọng là bạn) đã yêu cầu đặt lại mật khẩu của tài khoản này. Hãy mở liên kết dưới đây trong vòng ${v.minutes} phút để đặt mật khẩu mới; liên kết chỉ dùng được một lần:`,
        v.link,
        '',
        'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
      ].join('\n'),
  },
};

type SmsCode = { brand: string; code: string; minutes: number };
const enSms = (v: SmsCode) =>
  `${v.brand}: ${v.code} is your verification code. It expires in ${v.minutes} minutes. Never share it.`;

/** The SMS that carries a verification code. */
export const SMS_CODE_TEXT: Record<Locale, (v: SmsCode) => string> = {
  bn: (v) => `${v.brand}: আপনার ভেরিফিকেশন কোড ${v.code}। ${v.minutes} মিনিটের মধ্যে ব্যবহার করুন। কোডটি কাউকে দেবেন না।`,
  en: enSms,
  cn: (v) => `${v.brand}：您的验证码是 ${v.code}，${v.minutes} 分钟内有效。请勿告诉任何人。`,
  id: (v) =>
    `${v.brand}: ${v.code} adalah kode verifikasi Anda. Berlaku ${v.minutes} menit. Jangan berikan kepada siapa pun.`,
  th: (v) => `${v.brand}: รหัสยืนยันของคุณคือ ${v.code} ใช้ได้ภายใน ${v.minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  ty: enSms,
  vi: (v) =>
    `${v.brand}: Mã xác minh của bạn là ${v.code}, có hiệu lực trong ${v.minutes} phút. Không chia sẻ mã này với bất kỳ ai.`,
};

const enNewIpSms = (v: SmsCode) =>
  `${v.brand}: ${v.code} confirms a login to your account from a new network. It expires in ${v.minutes} minutes. Not you? Change your password now.`;

/** The SMS that carries the code of a login from an address the account has not used before. */
export const NEW_IP_SMS_TEXT: Record<Locale, (v: SmsCode) => string> = {
  bn: (v) =>
    `${v.brand}: নতুন নেটওয়ার্ক থেকে আপনার অ্যাকাউন্টে লগইন নিশ্চিত করতে কোড ${v.code}। ${v.minutes} মিনিটের মধ্যে ব্যবহার করুন। আপনি না হলে এখনই পাসওয়ার্ড বদলান।`,
  en: enNewIpSms,
  cn: (v) =>
    `${v.brand}：${v.code} 用于确认您的账户从新网络登录，${v.minutes} 分钟内有效。如非本人操作，请立即修改密码。`,
  id: (v) =>
    `${v.brand}: ${v.code} untuk mengonfirmasi login ke akun Anda dari jaringan baru. Berlaku ${v.minutes} menit. Bukan Anda? Segera ganti kata sandi.`,
  th: (v) =>
    `${v.brand}: ${v.code} ใช้ยืนยันการเข้าสู่ระบบบัญชีของคุณจากเครือข่ายใหม่ ใช้ได้ภายใน ${v.minutes} นาที หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่านทันที`,
  ty: enNewIpSms,
  vi: (v) =>
    `${v.brand}: ${v.code} dùng để xác nhận đăng nhập vào tài khoản của bạn từ mạng mới, có hiệu lực trong ${v.minutes} phút. Không phải bạn? Hãy đổi mật khẩu ngay.`,
};
