import { defineEndpoints } from '../endpoint.ts';
import { symbolParams } from '../console-config.ts';
import {
  botList,
  botParams,
  botPauseBody,
  botStopBody,
  botView,
  operatorBotPair,
  operatorBots,
  operatorBotsQuery,
  recurringBody,
} from '../bots.ts';
import { botOperatorRoutes, botRoutes } from '../routes/bots.ts';

export const botEndpoints = defineEndpoints('bots', botRoutes, {
  botsList: { summary: 'Your bots, newest first, with their orders and runs', response: botList },
  botsRecurring: {
    summary: 'Start a recurring buy: a market buy of `amount` every hour, day, week or month',
    body: recurringBody,
    response: botView,
  },
  botsDetail: { summary: 'One of your bots', params: botParams, response: botView },
  botsStop: {
    summary: 'Stop a bot: it places nothing more',
    params: botParams,
    body: botStopBody,
    response: botView,
  },
});

export const botOperatorEndpoints = defineEndpoints('operator', botOperatorRoutes, {
  operatorBots: {
    summary:
      "Every user's bots (filtered by pair and state), and each pair's running count and pause",
    query: operatorBotsQuery,
    response: operatorBots,
  },
  operatorBotsPause: {
    summary: "Pause or resume all bots of a pair: a paused pair's runs are skipped (BOT_PAUSED)",
    params: symbolParams,
    body: botPauseBody,
    response: operatorBotPair,
  },
});
