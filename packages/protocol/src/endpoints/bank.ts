import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf, pageQuery } from '../fields.ts';
import { bankRoutes } from '../routes/bank.ts';
import { bankCardBody, bankCardItem, created, idBody } from '../wallet.ts';

export const bankEndpoints = defineEndpoints('bank cards', bankRoutes, {
  bankCardSave: {
    summary:
      "Bind a bank card (every field required); with `id`, update that card. Fund password, an 'address' code, and `totp` with 2FA on",
    body: bankCardBody,
    response: created,
  },
  bankCardList: {
    summary: 'Your bank cards, newest first',
    body: pageQuery,
    response: pageOf(bankCardItem),
  },
  bankCardDelete: {
    summary: 'Delete one of your bank cards',
    body: idBody,
    response: z.object({}),
  },
});
