import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { addressRoutes } from '../routes/address.ts';
import {
  addAddressBody,
  addressItem,
  addressListBody,
  created,
  editAddressBody,
  editAddressResult,
  idBody,
} from '../wallet.ts';

export const addressEndpoints = defineEndpoints('addresses', addressRoutes, {
  addressAdd: {
    summary:
      "Save a withdraw address (format and checksum checked per network) with the fund password and an 'address' code",
    body: addAddressBody,
    response: created,
  },
  addressLabel: {
    summary: 'Rename one of your withdraw addresses (an empty label removes the name)',
    body: editAddressBody,
    response: editAddressResult,
  },
  addressDelete: {
    summary: 'Delete one of your withdraw addresses',
    body: idBody,
    response: z.object({}),
  },
  addressList: {
    summary: 'Your withdraw addresses, newest first (optionally of one coin)',
    body: addressListBody,
    response: pageOf(addressItem),
  },
});
