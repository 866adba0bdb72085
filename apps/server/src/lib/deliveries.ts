/**
 * Verification codes a configured sender failed to deliver (after its own retries), per channel:
 * counted by the mail module, read by the metric hx_code_delivery_failures_total.
 */
export const deliveryFailures = { mail: 0, sms: 0 };
