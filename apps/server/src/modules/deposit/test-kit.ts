import { auth, type MoneyApp } from '../wallet/test-kit.ts';

/** A coin network's settings as the console sends them. */
export type Settings = {
  deposit_address: string | null;
  deposit_xpub: string | null;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_max: string | null;
  withdraw_daily_amount: string | null;
};
export const OPEN: Settings = {
  deposit_address: null,
  deposit_xpub: null,
  deposit_enabled: true,
  withdraw_enabled: true,
  withdraw_max: null,
  withdraw_daily_amount: null,
};

/** The console sends JSON. */
export async function json(
  t: MoneyApp,
  method: 'GET' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { ...auth(token), ...(body !== undefined && { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

/** Sets one network of a coin (USDT unless told): `body` over OPEN. */
export const put = (
  t: MoneyApp,
  token: string,
  network: string,
  body: Partial<Settings>,
  coin = 3,
) => json(t, 'PUT', `admin/config/coins/${coin}/networks/${network}`, token, { ...OPEN, ...body });
