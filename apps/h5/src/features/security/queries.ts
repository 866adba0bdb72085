import { call, type Input } from '../../api/call.ts';

/** Changes the login password; the server logs the other devices out and deletes the API keys. */
export const changePassword = (body: Input<'userChangePassword'>) => call.userChangePassword(body);

/** Sets or changes the fund password, confirmed by a code sent to the user. */
export const saveFundPassword = (body: Input<'securityFundPassword'>) =>
  call.securityFundPassword(body);
