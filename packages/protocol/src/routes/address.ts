import type { Route } from '../endpoint.ts';

/** The user's saved withdraw addresses. */
export const addressRoutes = {
  addressAdd: 'POST /wallet/addaddress',
  addressLabel: 'POST /wallet/editaddress',
  addressDelete: 'POST /wallet/deladdress',
  addressList: 'POST /wallet/get_address',
} as const satisfies Record<string, Route>;
