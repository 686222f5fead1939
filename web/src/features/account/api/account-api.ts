/**
 * The account calls of the contract (/login/*), each through its generated function, chosen by
 * the kind of account (phone or e-mail) the visitor typed. Each returns the envelope's data.
 */
import {
  emailCodeLogin,
  emailPasswordLogin,
  emailRegister,
  emailResetPass,
  emailVerificationCode,
  logOff,
  logout,
  overseasEmailRegister,
  phoneCodeLogin,
  phonePasswordLogin,
  phoneRegister,
  phoneResetPass,
  phoneVerificationCode,
  thirdPartyAuthorize,
  thirdPartyLogin,
  wxCode,
} from '@/api/generated/endpoints/account/account';
import type { LoginResult } from '@/api/generated/model/loginResult.zod';
import type { OverseasRegisterRequest } from '@/api/generated/model/overseasRegisterRequest.zod';
import type { ThirdPartyAuthorization } from '@/api/generated/model/thirdPartyAuthorization.zod';
import type { ThirdPartyProvider } from '@/api/generated/model/thirdPartyProvider.zod';
import type { VerificationPurpose } from '@/api/generated/model/verificationPurpose.zod';
import type { WxScene } from '@/api/generated/model/wxScene.zod';
import { channelOf, normalizeAccount } from '../schemas/rules';

export type { LoginResult, ThirdPartyProvider, VerificationPurpose, WxScene };

/** Sends a six-digit code by SMS (phone) or e-mail for one purpose. */
export async function requestCode(account: string, purpose: VerificationPurpose): Promise<void> {
  const to = normalizeAccount(account);
  if (channelOf(to) === 'email') await emailVerificationCode({ email: to, purpose });
  else await phoneVerificationCode({ phone: to, purpose });
}

export async function loginWithPassword(account: string, password: string): Promise<LoginResult> {
  const who = normalizeAccount(account);
  const envelope =
    channelOf(who) === 'email' ? await emailPasswordLogin({ email: who, password }) : await phonePasswordLogin({ phone: who, password });
  return envelope.data;
}

export async function loginWithCode(account: string, code: string): Promise<LoginResult> {
  const who = normalizeAccount(account);
  const trimmed = code.trim();
  const envelope =
    channelOf(who) === 'email' ? await emailCodeLogin({ email: who, code: trimmed }) : await phoneCodeLogin({ phone: who, code: trimmed });
  return envelope.data;
}

export interface DomesticRegistration {
  phoneOrEmail: string;
  code: string;
  password: string;
  confirmPassword: string;
  userName: string;
  companyName: string;
}

/** Registration by phone or e-mail with the complete-information step's name and company. */
export async function registerDomestic(values: DomesticRegistration): Promise<LoginResult> {
  const who = normalizeAccount(values.phoneOrEmail);
  const common = {
    code: values.code.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    userName: values.userName.trim(),
    companyName: values.companyName.trim(),
  };
  const envelope = channelOf(who) === 'email' ? await emailRegister({ ...common, email: who }) : await phoneRegister({ ...common, phone: who });
  return envelope.data;
}

/** Enterprise registration of the non-Chinese sites (every field required). */
export async function registerOverseas(values: OverseasRegisterRequest): Promise<LoginResult> {
  const envelope = await overseasEmailRegister(values);
  return envelope.data;
}

export interface PasswordReset {
  phoneOrEmail: string;
  code: string;
  password: string;
  confirmPassword: string;
}

export async function resetPassword(values: PasswordReset): Promise<void> {
  const who = normalizeAccount(values.phoneOrEmail);
  const rest = { code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword };
  if (channelOf(who) === 'email') await emailResetPass({ ...rest, email: who });
  else await phoneResetPass({ ...rest, phone: who });
}

/** Deregisters the logged-in account (the token travels in the header). */
export async function deregister(account: string, code: string): Promise<void> {
  await logOff({ account: normalizeAccount(account), code: code.trim() });
}

/** Ends the session of `token` on the server; an already dead token is fine too. */
export async function endSession(token: string): Promise<void> {
  await logout({ headers: { token } });
}

/** A new WeChat QR scene. */
export async function createWxScene(signal?: AbortSignal): Promise<WxScene> {
  return (await wxCode({}, signal ? { signal } : undefined)).data;
}

/** The state of a WeChat QR scene. */
export async function pollWxScene(sceneId: string, signal?: AbortSignal): Promise<WxScene> {
  return (await wxCode({ sceneId }, signal ? { signal } : undefined)).data;
}

export async function startThirdPartyLogin(provider: ThirdPartyProvider, redirectUri: string): Promise<ThirdPartyAuthorization> {
  return (await thirdPartyAuthorize({ provider, redirectUri })).data;
}

export async function finishThirdPartyLogin(provider: ThirdPartyProvider, code: string, state: string): Promise<LoginResult> {
  return (await thirdPartyLogin({ provider, code, state })).data;
}
