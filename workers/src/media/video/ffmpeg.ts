import { VIDEO_MAX_SIDE } from '../../../../backend/modules/media';
import { runProcess } from './run-process';

export interface VideoProbe {
  formatName: string;
  durationSeconds: number;
  video: {
    codec: string;
    width: number;
    height: number;
    pixFmt: string;
    profile: string | null;
    rotation: number;
  } | null;
  audio: { codec: string } | null;
}

/**
 * The one place that speaks to ffprobe/ffmpeg (fluent-ffmpeg is archived upstream; plain argument
 * lists behind this class are as easy to replace). Binaries come from FFMPEG_PATH / FFPROBE_PATH.
 */
export class Ffmpeg {
  constructor(
    private readonly bins: { ffmpegPath: string; ffprobePath: string } = {
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
    },
  ) {}

  async probe(file: string, timeoutMs = 30_000): Promise<VideoProbe> {
    const { stdout } = await runProcess(
      this.bins.ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      timeoutMs,
    );
    const json = JSON.parse(stdout) as ProbeJson;
    const v = json.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
    const a = json.streams?.find((s) => s.codec_type === 'audio');
    const rotation = Number(v?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? v?.tags?.rotate ?? 0);
    return {
      formatName: json.format?.format_name ?? '',
      durationSeconds: Number(json.format?.duration ?? v?.duration ?? 0),
      video: v
        ? {
            codec: v.codec_name ?? '',
            width: v.width ?? 0,
            height: v.height ?? 0,
            pixFmt: v.pix_fmt ?? '',
            profile: v.profile ?? null,
            rotation: ((rotation % 360) + 360) % 360,
          }
        : null,
      audio: a ? { codec: a.codec_name ?? '' } : null,
    };
  }

  /**
   * Duration found by reading every packet of the first sound stream (copied, not decoded, so it is
   * quick): live recordings such as Chrome's MediaRecorder WebM declare none in their header.
   */
  async measureAudioDuration(file: string, timeoutMs = 30_000): Promise<number | null> {
    const { stderr } = await runProcess(
      this.bins.ffmpegPath,
      ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-'],
      timeoutMs,
    );
    const last = [...stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)].pop();
    if (!last) return null;
    const seconds = Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  }

  /** One frame as JPEG (rotation applied), for the poster. */
  async frame(input: string, atSeconds: number, output: string, timeoutMs = 30_000): Promise<void> {
    await runProcess(
      this.bins.ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-y',
        '-ss',
        atSeconds.toFixed(3),
        '-i',
        input,
        '-frames:v',
        '1',
        '-q:v',
        '2',
        '-map_metadata',
        '-1',
        output,
      ],
      timeoutMs,
    );
  }

  /** H.264 High + AAC in MP4, yuv420p, long side at most 1280, faststart, metadata stripped. */
  async transcode(input: string, output: string, timeoutMs: number): Promise<void> {
    const even = (side: 'iw' | 'ih') => `trunc(min(${VIDEO_MAX_SIDE},${side})/2)*2`;
    const scale = `scale='if(gte(iw,ih),${even('iw')},-2)':'if(gte(iw,ih),-2,${even('ih')})'`;
    await runProcess(
      this.bins.ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-y',
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-vf',
        scale,
        '-c:v',
        'libx264',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-movflags',
        '+faststart',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        output,
      ],
      timeoutMs,
    );
  }

  /** Already web-safe input: only rewrap with faststart and without metadata. */
  async remux(input: string, output: string, timeoutMs: number): Promise<void> {
    await runProcess(
      this.bins.ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-y',
        '-i',
        input,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        output,
      ],
      timeoutMs,
    );
  }
}

/** Whether a probed file can be played by every browser as it is (only rewrapped). */
export function isWebSafe(p: VideoProbe): boolean {
  if (!p.video) return false;
  return (
    /(^|,)mp4(,|$)/.test(p.formatName) &&
    p.video.codec === 'h264' &&
    p.video.pixFmt === 'yuv420p' &&
    p.video.rotation === 0 &&
    Math.max(p.video.width, p.video.height) <= VIDEO_MAX_SIDE &&
    (p.audio === null || p.audio.codec === 'aac')
  );
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    profile?: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    duration?: string;
    tags?: { rotate?: string };
    disposition?: { attached_pic?: number };
    side_data_list?: { rotation?: number }[];
  }[];
}
