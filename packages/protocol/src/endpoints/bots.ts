import { defineEndpoints } from '../endpoint.ts';
import { botList, botParams, botStopBody, botView, recurringBody } from '../bots.ts';
import { botRoutes } from '../routes/bots.ts';

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
