import type { CallInput, SmsCodeSent } from '@khela/contract';
import { resetPasswordByPhoneCall, sendRegisterSmsCodeCall, sendSmsCodeCall } from '@khela/contract/endpoints';
import { call } from '../../lib/api';
import { login } from './api';

/* The SMS calls of spec §7, each through its definition in packages/contract. */

export type { SmsCodeSent };

/** A login (or reset) code for a member's number; the server answers the same for unknown numbers. */
export const sendLoginCode = (body: CallInput<typeof sendSmsCodeCall>): Promise<SmsCodeSent> =>
  call(sendSmsCodeCall, body);

/** A registration code (REGMOBVERF3). */
export const sendRegisterCode = (body: CallInput<typeof sendRegisterSmsCodeCall>): Promise<SmsCodeSent> =>
  call(sendRegisterSmsCodeCall, body);

/** Login type sms: the number as username, the code as password; no human check (spec §4). */
export const smsLogin = (body: { mobileNum: string; code: string; countryDialingCode: string }) =>
  login({
    username: body.mobileNum,
    password: body.code,
    type: 'sms',
    countryDialingCode: body.countryDialingCode,
  });

/** Forgot by phone (spec §3): sets the password and answers like a login. */
export const resetByPhone = (body: CallInput<typeof resetPasswordByPhoneCall>) => call(resetPasswordByPhoneCall, body);
