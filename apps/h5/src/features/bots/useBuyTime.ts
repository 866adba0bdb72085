import { useState } from 'react';

/** This device's time zone, the form's default (UTC where the browser does not say). */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA time zone the browser knows, UTC first. */
export const timeZones = () => [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
];

/** The time of day a recurring buy buys at (empty: now) and the zone whose clock it reads. */
export function useBuyTime() {
  const [at, setAt] = useState('');
  const [timeZone, setTimeZone] = useState(localTimeZone);
  return {
    at,
    setAt,
    timeZone,
    setTimeZone,
    /** Its part of the request. */
    body: () => ({ ...(at.trim() ? { at: at.trim() } : {}), time_zone: timeZone }),
  };
}
export type BuyTime = ReturnType<typeof useBuyTime>;
