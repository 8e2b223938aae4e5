// Brings the plugin's request.parts() and isMultipart() types (the plugin is registered by the request pipeline).
import type {} from '@fastify/multipart';
import { ApiError, errorBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Image must be smaller than 5MB';
export const NOT_AN_IMAGE = 'Please select a valid image file';

export interface ProfileForm {
  fields: Record<string, unknown>;
  profileImage: Buffer | null;
  banner: Buffer | null;
}

/** File field names the clients use for each picture. */
const FILE_FIELDS: Record<string, 'profileImage' | 'banner'> = {
  profileImage: 'profileImage',
  avatar: 'profileImage',
  banner: 'banner',
  bannerImage: 'banner',
};

/**
 * The edit form as multipart (the spec's call) or JSON (text fields only). Pictures are read
 * into memory under the 5 MB limit; anything larger stops the upload with a 413.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new ApiError(400, errorBody(400, 'Request body must be a JSON object'));
    }
    return { fields: (body as Record<string, unknown>) ?? {}, profileImage: null, banner: null };
  }
  const form: ProfileForm = { fields: {}, profileImage: null, banner: null };
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 20, fieldSize: 4096, parts: 24 },
    })) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = part.value;
        continue;
      }
      const slot = FILE_FIELDS[part.fieldname];
      const bytes = await part.toBuffer();
      // An empty file input still sends a part: treat it as "no new picture".
      if (slot && bytes.length > 0) form[slot] = bytes;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, errorBody(413, IMAGE_TOO_LARGE, 'IMAGE_TOO_LARGE'));
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new ApiError(400, errorBody(400, 'Too many files', 'TOO_MANY_FILES'));
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      throw new ApiError(status, errorBody(status, (err as Error).message));
    throw err;
  }
  return form;
}
