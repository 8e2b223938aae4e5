import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { canViewMedia, MEDIA, type MediaDoc, type MediaView, toMediaView } from '@projections/media';

export { canViewMedia, type MediaView, toMediaView };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Media read side for other modules: look items up and turn them into URLs. */
@Injectable()
export class MediaQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  /**
   * The document as stored, whoever may see it: for checks on the command side (e.g. the owner's
   * own draft). Anything shown to someone goes through `views` (or `canViewMedia`).
   */
  async get(mediaId: string): Promise<MediaDoc | null> {
    if (!UUID.test(mediaId)) return null;
    return this.readModels.collection<MediaDoc>(MEDIA).get(mediaId);
  }

  /**
   * Views of the items `viewerId` may see (null or omitted: a signed-out visitor). An item with an
   * audience the viewer is not in is left out, exactly like an unknown id.
   */
  async views(mediaIds: string[], viewerId: string | null = null): Promise<MediaView[]> {
    return (await this.visibleDocs(mediaIds, viewerId)).map(toMediaView);
  }

  /** The documents behind `views`: the items `viewerId` may see. */
  async visibleDocs(mediaIds: string[], viewerId: string | null = null): Promise<MediaDoc[]> {
    const ids = mediaIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return [];
    const docs = await this.readModels.collection<MediaDoc>(MEDIA).getMany(ids);
    return docs.filter((doc) => canViewMedia(doc, viewerId));
  }
}
