import { api } from '../../lib/api';
import type { LoginValue } from './api';

/* The SMS calls of spec §7; shapes from packages/contract/src/verification.ts. */

export type SmsCodeSent = { expiredMinutes: number };

/** A login (or reset) code for a member's number; the server answers the same for unknown numbers. */
export const sendLoginCode = (body: {
  mobileNum: string;
  countryDialingCode: string;
  altcha?: string;
  purpose?: 'login' | 'reset';
}) => api<SmsCodeSent>('/wps/verification/sms/noLogin', { method: 'POST', body });

/** A registration code (REGMOBVERF3). */
export const sendRegisterCode = (body: { mobileNo: string; countryDialingCode: string; altcha?: string }) =>
  api<SmsCodeSent>('/wps/verification/sms/register', { method: 'POST', body });

/** Login type sms: the number as username, the code as password; no human check (spec §4). */
export const smsLogin = (body: { mobileNum: string; code: string; countryDialingCode: string }) =>
  api<LoginValue>('/wps/session/login', {
    method: 'POST',
    body: {
      username: body.mobileNum,
      password: body.code,
      type: 'sms',
      countryDialingCode: body.countryDialingCode,
    },
    sealed: true,
  });

/** Forgot by phone (spec §3): sets the password and answers like a login. */
export const resetByPhone = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}) => api<LoginValue>('/wps/member/password/verification', { method: 'POST', body, sealed: true });
