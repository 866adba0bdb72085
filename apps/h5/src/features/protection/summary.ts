import type { SecurityState } from '@hx/protocol';

/** The optional protections that are on, of all of them (the login password always is). */
export function protectionCount(state: SecurityState): { on: number; total: number } {
  const on = [
    state.fund_password,
    state.two_factor,
    state.passkeys > 0,
    state.whitelist.on,
    state.anti_phishing !== null,
  ];
  return { on: on.filter(Boolean).length, total: on.length };
}
