import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Which ffmpeg and ffprobe the server uses, chosen once at start (issue 18): the configured path
 * (FFMPEG_PATH / FFPROBE_PATH), then the system's, then the binaries shipped in registry packages
 * (`@ffmpeg-installer/<platform>-<arch>`, `@ffprobe-installer/<platform>-<arch>`), so a machine with
 * only Node.js still processes video. Each candidate is run (`-version`) before it is chosen.
 */
export type MediaTool = 'ffmpeg' | 'ffprobe';
export type ToolSource = 'configured' | 'system' | 'package';

export interface ToolCandidate {
  path: string;
  source: ToolSource;
}

export interface ToolChoice extends ToolCandidate {
  /** What `-version` printed after "ffmpeg version" / "ffprobe version". */
  version: string;
}

export interface MediaTools {
  ffmpeg: ToolChoice | null;
  ffprobe: ToolChoice | null;
}

/** The message of a video or audio upload refused because no tool can run. */
export const MEDIA_TOOLS_MISSING =
  'Video and audio uploads are unavailable: the server has no working ffmpeg and ffprobe. Please try again later.';

/** Video and audio are processed (probe, poster, transcode) only with both tools. */
export function canProcessVideo(tools: MediaTools | null): boolean {
  return tools === null || (tools.ffmpeg !== null && tools.ffprobe !== null);
}

type Resolve = (request: string) => string;

/**
 * The binary a registry package ships for this platform, if installed: npm installs only the
 * platform's package of each (optional dependencies with `os` and `cpu`). Their entry points are not
 * loaded: they throw on a platform they do not know.
 */
export function packagedBinary(
  tool: MediaTool,
  resolve: Resolve = require.resolve,
  platform: string = process.platform,
  arch: string = process.arch,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const exe = platform === 'win32' ? '.exe' : '';
  try {
    const path = join(dirname(resolve(`@${tool}-installer/${platform}-${arch}/package.json`)), `${tool}${exe}`);
    return exists(path) ? path : null;
  } catch {
    return null;
  }
}

/** Configured path first (when it is not the plain default name), the system's, then the package's. */
export function toolCandidates(tool: MediaTool, configured: string, packaged: string | null): ToolCandidate[] {
  const candidates: ToolCandidate[] = [];
  if (configured !== tool) candidates.push({ path: configured, source: 'configured' });
  candidates.push({ path: tool, source: 'system' });
  if (packaged) candidates.push({ path: packaged, source: 'package' });
  return candidates;
}

/** Runs `<path> -version`; the version it names, or null when it cannot run. */
export function toolVersion(path: string, timeoutMs = 10_000): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(path, ['-version'], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
      if (error) return resolve(null);
      const match = /^\S+ version (\S+)/.exec(String(stdout));
      resolve(match ? match[1]! : 'unknown');
    });
  });
}

/** The first candidate that runs. */
export async function chooseTool(
  candidates: readonly ToolCandidate[],
  version: (path: string) => Promise<string | null> = toolVersion,
): Promise<ToolChoice | null> {
  for (const candidate of candidates) {
    const found = await version(candidate.path);
    if (found !== null) return { ...candidate, version: found };
  }
  return null;
}

export interface MediaToolsDeps {
  packaged?: (tool: MediaTool) => string | null;
  version?: (path: string) => Promise<string | null>;
}

export async function resolveMediaTools(
  configured: { ffmpegPath: string; ffprobePath: string },
  deps: MediaToolsDeps = {},
): Promise<MediaTools> {
  const packaged = deps.packaged ?? ((tool: MediaTool) => packagedBinary(tool));
  const [ffmpeg, ffprobe] = await Promise.all([
    chooseTool(toolCandidates('ffmpeg', configured.ffmpegPath, packaged('ffmpeg')), deps.version),
    chooseTool(toolCandidates('ffprobe', configured.ffprobePath, packaged('ffprobe')), deps.version),
  ]);
  return { ffmpeg, ffprobe };
}

/** One line for the start-up log. */
export function describeMediaTools(tools: MediaTools): string {
  const one = (name: MediaTool, choice: ToolChoice | null) =>
    choice ? `${name} ${choice.version} (${choice.source}: ${choice.path})` : `${name} not found`;
  const tail = canProcessVideo(tools) ? '' : '; video and audio uploads are refused';
  return `media tools: ${one('ffmpeg', tools.ffmpeg)}, ${one('ffprobe', tools.ffprobe)}${tail}`;
}
