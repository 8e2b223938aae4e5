import { type Member } from './members';
import { PNG_1x1, startUpload } from './owned-resources';

/** A one-pixel PNG the member uploaded through the chunked upload (one chunk), finalized: its media id. */
export async function uploadedImage(m: Member): Promise<string> {
  const uploadId = await startUpload(m);
  const sent = await m.agent
    .post(`/api/uploads/${uploadId}/chunk/0`)
    .set('X-CSRF-Token', m.token)
    .set('Content-Type', 'application/octet-stream')
    .set('Content-Range', `bytes 0-${PNG_1x1.length - 1}/${PNG_1x1.length}`)
    .send(PNG_1x1);
  if (sent.status !== 201) throw new Error(`chunk answered ${sent.status} ${JSON.stringify(sent.body)}`);
  const done = await m.agent.post(`/api/uploads/${uploadId}/finalize`).set('X-CSRF-Token', m.token).send();
  if (done.status !== 200) throw new Error(`finalize answered ${done.status} ${JSON.stringify(done.body)}`);
  return String(done.body.mediaId);
}
