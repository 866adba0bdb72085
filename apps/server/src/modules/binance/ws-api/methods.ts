/**
 * The WebSocket API's methods (web-socket-api.md) that are a REST route of ours under another
 * name: the same handler, security and weight as `METHOD /path` under /api/v3.
 */
export const REST_METHODS: Record<string, string> = {
  ping: 'GET /ping',
  time: 'GET /time',
  exchangeInfo: 'GET /exchangeInfo',
  depth: 'GET /depth',
  'trades.recent': 'GET /trades',
  'trades.historical': 'GET /historicalTrades',
  'trades.aggregate': 'GET /aggTrades',
  klines: 'GET /klines',
  uiKlines: 'GET /uiKlines',
  avgPrice: 'GET /avgPrice',
  'ticker.24hr': 'GET /ticker/24hr',
  'ticker.price': 'GET /ticker/price',
  'ticker.book': 'GET /ticker/bookTicker',
  'order.place': 'POST /order',
  'order.test': 'POST /order/test',
  'order.status': 'GET /order',
  'order.cancel': 'DELETE /order',
  'openOrders.status': 'GET /openOrders',
  'openOrders.cancelAll': 'DELETE /openOrders',
  allOrders: 'GET /allOrders',
  'account.status': 'GET /account',
  myTrades: 'GET /myTrades',
  'orderList.place.oco': 'POST /orderList/oco',
  'orderList.status': 'GET /orderList',
  'orderList.cancel': 'DELETE /orderList',
  openOrderLists: 'GET /openOrderList',
};

/** Methods of the session itself, each weighing 2 (web-socket-api.md). */
export const SESSION_METHODS = new Set([
  'session.logon',
  'session.status',
  'session.logout',
  'session.subscriptions',
  'userDataStream.subscribe',
  'userDataStream.subscribe.signature',
  'userDataStream.unsubscribe',
]);

/**
 * A request's parameters as text (the REST handlers' form) and the payload its signature
 * covers: every parameter but `signature`, sorted by name, `name=value` joined by `&`.
 */
export function paramsOfRequest(params: Record<string, unknown>): {
  text: Record<string, string | undefined>;
  payload: string;
} {
  const text: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    text[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  const payload = Object.keys(text)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${text[name]}`)
    .join('&');
  return { text, payload };
}
