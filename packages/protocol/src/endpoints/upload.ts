import { defineEndpoints } from '../endpoint.ts';
import { uploadResult } from '../identity.ts';
import { uploadRoutes } from '../routes/upload.ts';

export const uploadEndpoints = defineEndpoints('uploads', uploadRoutes, {
  uploadImage: {
    summary: 'Upload an image (multipart, field `file`; PNG, JPEG, WebP or GIF; at most 5 MB)',
    response: uploadResult,
  },
});
