import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '../../projections/runner';
import { MEDIA, type MediaDoc } from '../../projections/media/media.projector';
import { READ_MODELS } from '../../src/platform/tokens';
import { toMediaView, type MediaView } from './media-view';

export { toMediaView, type MediaView };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Media read side for other modules: look items up and turn them into URLs. */
@Injectable()
export class MediaQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async get(mediaId: string): Promise<MediaDoc | null> {
    if (!UUID.test(mediaId)) return null;
    return this.readModels.collection<MediaDoc>(MEDIA).get(mediaId);
  }

  async views(mediaIds: string[]): Promise<MediaView[]> {
    const ids = mediaIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    return (await this.readModels.collection<MediaDoc>(MEDIA).getMany(ids)).map(toMediaView);
  }
}
