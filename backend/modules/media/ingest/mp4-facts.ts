import type { IngestSource } from './file-facts';
import { type ReadAt, withReader } from './read-at';

/** What the API can tell about an MP4 from its boxes alone, before anything is stored or queued. */
export interface Mp4Facts {
  /** From mvhd; null when the file does not say (fragmented MP4 writes 0 there). */
  durationSeconds: number | null;
  /** Largest picture of the video tracks (tkhd); null when there is no video track. */
  video: { width: number; height: number } | null;
  /** Whether a sound track is there (hdlr 'soun'): a voice note is sound without picture. */
  audio: boolean;
}

/** A moov larger than this is not a 90-second phone clip: it is read no further (treated as corrupt). */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

/**
 * Duration and video-track size of an MP4/MOV from its moov box, wherever it sits (phones often
 * write it after mdat). Pure box walking: no ffprobe in the API process. Null when the file has no
 * readable moov, so callers can answer "corrupted" rather than guess.
 */
export async function mp4Facts(source: IngestSource): Promise<Mp4Facts | null> {
  return withReader(source, factsFrom);
}

async function factsFrom(read: ReadAt, size: number): Promise<Mp4Facts | null> {
  let offset = 0;
  // Top level: ftyp, free, mdat, moov... in any order. Only headers are read while looking.
  while (offset + 8 <= size) {
    const head = await read(offset, 16);
    if (head.length < 8) return null;
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (head.length < 16) return null;
      boxSize = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = size - offset;
    }
    if (boxSize < headerSize || offset + boxSize > size) return null;
    if (type === 'moov') {
      if (boxSize > MAX_MOOV_BYTES) return null;
      return moovFacts(await read(offset + headerSize, boxSize - headerSize));
    }
    offset += boxSize;
  }
  return null;
}

/** Child boxes of a container's payload. */
function* boxes(payload: Buffer): Generator<{ type: string; body: Buffer }> {
  let offset = 0;
  while (offset + 8 <= payload.length) {
    let size = payload.readUInt32BE(offset);
    const type = payload.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > payload.length) return;
      size = Number(payload.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = payload.length - offset;
    }
    if (size < header || offset + size > payload.length) return;
    yield { type, body: payload.subarray(offset + header, offset + size) };
    offset += size;
  }
}

const child = (payload: Buffer, type: string) => {
  for (const b of boxes(payload)) if (b.type === type) return b.body;
  return null;
};

function moovFacts(moov: Buffer): Mp4Facts | null {
  const mvhd = child(moov, 'mvhd');
  if (!mvhd || mvhd.length < 20) return null;
  const v1 = mvhd[0] === 1;
  const timescale = mvhd.readUInt32BE(v1 ? 20 : 12);
  const duration = v1 ? Number(mvhd.readBigUInt64BE(24)) : mvhd.readUInt32BE(16);
  let video: Mp4Facts['video'] = null;
  let audio = false;
  for (const { type, body } of boxes(moov)) {
    if (type !== 'trak') continue;
    const hdlr = child(child(body, 'mdia') ?? Buffer.alloc(0), 'hdlr');
    const handler = hdlr && hdlr.length >= 12 ? hdlr.toString('latin1', 8, 12) : '';
    if (handler === 'soun') audio = true;
    if (handler !== 'vide') continue;
    const tkhd = child(body, 'tkhd');
    if (!tkhd) continue;
    // tkhd ends with width and height as 16.16 fixed point (same place from the end in v0 and v1).
    if (tkhd.length < 8) continue;
    const width = Math.round(tkhd.readUInt32BE(tkhd.length - 8) / 65536);
    const height = Math.round(tkhd.readUInt32BE(tkhd.length - 4) / 65536);
    if (!video || width * height > video.width * video.height) video = { width, height };
  }
  return {
    durationSeconds: timescale > 0 && duration > 0 && duration !== 0xffffffff ? duration / timescale : null,
    video,
    audio,
  };
}
