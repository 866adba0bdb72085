import { defineEndpoints } from '../endpoint.ts';
import { kycCenter, kycSubmitted, realName2Body, realNameBody } from '../identity.ts';
import { kycRoutes } from '../routes/kyc.ts';

export const kycEndpoints = defineEndpoints('kyc', kycRoutes, {
  kycBasic: {
    summary: 'Submit basic verification (again after a rejection)',
    body: realNameBody,
    response: kycSubmitted,
  },
  kycAdvanced: {
    summary: 'Submit advanced verification: contact address and three of your own uploads',
    body: realName2Body,
    response: kycSubmitted,
  },
  kycCenter: {
    summary: 'Verification details: states, rejection reasons and submitted fields (no photos)',
    response: kycCenter,
  },
});
