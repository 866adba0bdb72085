import type { Scene } from '@hx/protocol';
import { call } from '../../api/call.ts';
import type { AccountMode } from './validate.ts';

export interface CodeTarget {
  mode: AccountMode;
  account: string;
  areaCode: string;
}

/** Sends a verification code by SMS or mail. */
export async function sendCode(target: CodeTarget, scene: Scene): Promise<void> {
  const account = target.account.trim();
  if (target.mode === 'phone') {
    await call.authSmsSend({ phone: account, area_code: target.areaCode, scene });
  } else {
    await call.authMailSend({ email: account, scene });
  }
}

/**
 * Demo mode only: the code just "sent", read from the server's outbox so a demo user can go on
 * without a phone or mailbox. Null when there is none.
 */
export async function demoCode(target: CodeTarget, scene: Scene): Promise<string | null> {
  const account = target.account.trim();
  const to = target.mode === 'phone' ? `${target.areaCode}${account}` : account.toLowerCase();
  try {
    const { list } = await call.demoOutbox({ to }, { loading: false, toast: false });
    return list.find((message) => message.scene === scene)?.code ?? null;
  } catch {
    return null;
  }
}
