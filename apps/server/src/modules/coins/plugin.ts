import { serverModule } from '../../lib/module.ts';

/**
 * The coins every money module moves: a coin's settings (read through a short cache), amounts
 * in it (precision, display), whether an account may move money at all, and the USDT value of
 * a balance at the last recorded price (the market plugs its prices in as `app.prices`).
 */
export const coinsModule = serverModule({ name: 'coins' });
