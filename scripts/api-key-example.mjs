#!/usr/bin/env node
// Places a spot limit order with an API key, then cancels it: the signing of docs/api.md in
// plain Node (node:crypto and fetch, no packages).
//
//   API_URL=https://exchange.example API_KEY=... API_SECRET=... node scripts/api-key-example.mjs
//
// The key needs `read,trade`. The buy is far below the market so it rests on the book.
import { createHmac } from 'node:crypto';

const { API_URL = 'http://127.0.0.1:8080', API_KEY, API_SECRET } = process.env;
if (!API_KEY || !API_SECRET) {
  console.error('Set API_KEY and API_SECRET (and API_URL) first.');
  process.exit(1);
}

/** Sends one signed request: the signature covers timestamp, method, path with query, body. */
async function signed(method, path, body) {
  const text = body ? new URLSearchParams(body).toString() : '';
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', API_SECRET)
    .update(timestamp + method + path + text)
    .digest('hex');
  const response = await fetch(new URL(path, API_URL), {
    method,
    headers: {
      'X-API-KEY': API_KEY,
      'X-API-TIMESTAMP': timestamp,
      'X-API-SIGNATURE': signature,
      ...(text ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: text || undefined,
  });
  const answer = await response.json();
  if (answer.type !== 'ok') throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
  return answer.message;
}

const order = await signed('POST', '/api/coin/trade', {
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  price: '1000',
  amount: '0.001',
});
console.log('placed', order.id, order.status, order.price, order.amount);

const open = await signed('GET', '/api/coin/list?symbol=BTCUSDT&status=waiting');
console.log('open orders', open.total);

const cancelled = await signed('PUT', '/api/coin/trade', { id: String(order.id) });
console.log('cancelled', cancelled.id, cancelled.status);
