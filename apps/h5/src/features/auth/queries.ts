import { call, type Input } from '../../api/call.ts';

/** Whether the account (and its calling code) is registered already. */
export async function isRegistered(fields: Input<'authCheckRegister'>): Promise<boolean> {
  const { registered } = await call.authCheckRegister(fields);
  return registered;
}

/** Sets a new password with a code to the account: every session ends, the API keys go. */
export async function resetPassword(body: Input<'authResetPassword'>): Promise<void> {
  await call.authResetPassword(body);
}
