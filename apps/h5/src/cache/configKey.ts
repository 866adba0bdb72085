/**
 * The server settings' query key, apart from queryKeys.ts (which names it too) because the app's
 * entry asks for the settings at start: the whole key table would weigh on the first page.
 */
export const CONFIG_KEY = ['config'] as const;
