import type { Route } from '../endpoint.ts';

/** Uploading an image (reading one back is binary, outside the table). */
export const uploadRoutes = {
  uploadImage: 'POST /upload',
} as const satisfies Record<string, Route>;
