import type { IngestSource } from './file-facts';
import { type ReadAt, withReader } from './read-at';

/** The tracks a WebM declares, read from its EBML elements before anything is stored. */
export interface WebmFacts {
  /** Largest picture of the video tracks; null when there is no video track. */
  video: { width: number; height: number } | null;
  audio: boolean;
}

// Matroska element ids (with their length markers, as they appear in the file).
const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO_SETTINGS = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;

/** Track lists are a few hundred bytes; anything far larger is not a file worth trusting. */
const MAX_TRACKS_BYTES = 1024 * 1024;
/** Elements before Tracks (SeekHead, Info, Void...) are skipped; this many at most. */
const MAX_ELEMENTS_BEFORE_TRACKS = 64;

interface Element {
  id: number;
  /** null: "unknown size" (a live recording such as Chrome's MediaRecorder writes the Segment so). */
  size: number | null;
  headerSize: number;
}

/**
 * The track types of a WebM (Matroska) file from its Tracks element, which muxers write before the
 * first Cluster, so only the head of the file is read. Pure element walking, like mp4Facts: no
 * ffprobe in the API process. Null when no readable Tracks comes before the media data.
 */
export async function webmFacts(source: IngestSource): Promise<WebmFacts | null> {
  return withReader(source, factsFrom);
}

async function factsFrom(read: ReadAt, size: number): Promise<WebmFacts | null> {
  const header = elementAt(await read(0, 16), 0);
  if (!header || header.id !== EBML_HEADER || header.size === null) return null;
  let offset = header.headerSize + header.size;
  const segment = elementAt(await read(offset, 16), 0);
  if (!segment || segment.id !== SEGMENT) return null;
  offset += segment.headerSize;
  const end = segment.size === null ? size : Math.min(size, offset + segment.size);
  for (let i = 0; i < MAX_ELEMENTS_BEFORE_TRACKS && offset < end; i++) {
    const el = elementAt(await read(offset, 16), 0);
    if (!el || el.size === null || el.id === CLUSTER) return null;
    const bodyStart = offset + el.headerSize;
    if (el.id === TRACKS) {
      if (el.size > MAX_TRACKS_BYTES || bodyStart + el.size > size) return null;
      return tracksFacts(await read(bodyStart, el.size));
    }
    offset = bodyStart + el.size;
  }
  return null;
}

function tracksFacts(tracks: Buffer): WebmFacts {
  let video: WebmFacts['video'] = null;
  let audio = false;
  for (const entry of children(tracks)) {
    if (entry.id !== TRACK_ENTRY) continue;
    let type = 0;
    let picture = { width: 0, height: 0 };
    for (const field of children(entry.body)) {
      if (field.id === TRACK_TYPE) type = uint(field.body);
      if (field.id === VIDEO_SETTINGS) {
        for (const v of children(field.body)) {
          if (v.id === PIXEL_WIDTH) picture = { ...picture, width: uint(v.body) };
          if (v.id === PIXEL_HEIGHT) picture = { ...picture, height: uint(v.body) };
        }
      }
    }
    if (type === TRACK_TYPE_AUDIO) audio = true;
    if (type === TRACK_TYPE_VIDEO && (!video || picture.width * picture.height > video.width * video.height))
      video = picture;
  }
  return { video, audio };
}

/** Child elements of a master element's body (sized children only; a cut one ends the walk). */
function* children(body: Buffer): Generator<{ id: number; body: Buffer }> {
  let offset = 0;
  while (offset < body.length) {
    const el = elementAt(body, offset);
    if (!el || el.size === null) return;
    const start = offset + el.headerSize;
    if (start + el.size > body.length) return;
    yield { id: el.id, body: body.subarray(start, start + el.size) };
    offset = start + el.size;
  }
}

/** An element header: id (1-4 bytes, marker kept) and size (1-8 bytes, marker dropped). */
function elementAt(b: Buffer, offset: number): Element | null {
  const idLength = vintLength(b[offset], 4);
  if (!idLength || offset + idLength > b.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + b.readUInt8(offset + i);
  const sizeAt = offset + idLength;
  const sizeLength = vintLength(b[sizeAt], 8);
  if (!sizeLength || sizeAt + sizeLength > b.length) return null;
  let value = b.readUInt8(sizeAt) & (0xff >> sizeLength);
  let allOnes = value === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    value = value * 256 + b.readUInt8(sizeAt + i);
    allOnes &&= b.readUInt8(sizeAt + i) === 0xff;
  }
  return { id, size: allOnes ? null : value, headerSize: idLength + sizeLength };
}

/** Length of a variable-size integer from its first byte's leading zeros; 0 when invalid. */
function vintLength(first: number | undefined, max: number): number {
  if (first === undefined || first === 0) return 0;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  return length <= max ? length : 0;
}

function uint(b: Buffer): number {
  let n = 0;
  for (const byte of b.subarray(0, 6)) n = n * 256 + byte;
  return n;
}
