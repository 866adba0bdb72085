/**
 * Verification codes a configured sender failed to deliver (after its own retries), per channel:
 * counted by the mail module, read by the metric hx_code_delivery_failures_total and the alert
 * code_delivery_failing (the last failure's time).
 */
export const deliveryFailures = { mail: 0, sms: 0 };
export const lastDeliveryFailure: { mail: number | null; sms: number | null } = {
  mail: null,
  sms: null,
};

export function deliveryFailed(channel: 'mail' | 'sms', at = Date.now()): void {
  deliveryFailures[channel] += 1;
  lastDeliveryFailure[channel] = at;
}
