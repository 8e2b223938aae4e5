/**
 * Media pipeline benchmark (issue 6): the worker's real code on generated inputs.
 *
 *   npm run bench:media          (node scripts/run-ts.mjs backend/bench/media.bench.ts)
 *   BENCH_VIDEO_SECONDS=20 npm run bench:media     (a shorter clip for a quick look)
 *
 * - Image set: every variant (5 widths x AVIF, WebP, JPEG) of a 12-megapixel JPEG (4000x3000).
 * - Video: probe + poster + transcode of a 60 s 1080p30 H.264 clip (made with ffmpeg testsrc2 at
 *   the start) to the 720p H.264/AAC faststart MP4, as speed x realtime.
 * Each measurement runs in a fresh worker-like child process; its memory is the peak resident set
 * of that process and everything it starts (ffmpeg included), sampled from /proc every 20 ms, and
 * Node's own maxRSS. Targets: image set < 1.5 s, video >= 2x realtime, peak worker memory < 500 MB.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const TARGETS = { imageSeconds: 1.5, videoRealtime: 2, peakMb: 500 };
const MB = 1024 * 1024;

interface Measured {
  seconds: number;
  /** Node's own peak (process.resourceUsage().maxRSS). */
  nodeMaxRssMb: number;
  detail: Record<string, unknown>;
}

/** Runs inside the child: one measurement with the worker's code, printed as JSON. */
async function measure(kind: string, input: string): Promise<void> {
  const started = process.hrtime.bigint();
  let detail: Record<string, unknown>;
  if (kind === 'image') {
    const { prepareImageVariants } = await import('../../workers/src/media/image/image-variants');
    const out = await prepareImageVariants(readFileSync(input), { quality: 85 });
    detail = {
      variants: out.variants.length,
      bytes: out.variants.reduce((n, v) => n + v.buffer.length, 0),
      width: out.width,
      height: out.height,
    };
  } else {
    const { Ffmpeg } = await import('../../workers/src/media/video/ffmpeg');
    const { prepareVideo, defaultTranscodeTimeout } = await import('../../workers/src/media/video/prepare-video');
    const work = mkdtempSync(join(tmpdir(), 'dc-bench-work-'));
    try {
      const out = await prepareVideo(new Ffmpeg(), input, work, {
        maxDurationSeconds: null,
        timeoutMs: defaultTranscodeTimeout,
      });
      detail = {
        width: out.width,
        height: out.height,
        durationSeconds: out.durationSeconds,
        transcoded: out.transcoded,
        posterVariants: out.poster.length,
      };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const result: Measured = { seconds, nodeMaxRssMb: process.resourceUsage().maxRSS / 1024, detail };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Resident set of a process and all its descendants, from /proc (Linux). */
function treeRssBytes(root: number): number {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // Field 4 (ppid) follows the command name in parentheses, which may itself hold spaces.
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of tree) {
    try {
      bytes += Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * 4096;
    } catch {
      // Ended.
    }
  }
  return bytes;
}

/** Starts a child measuring `kind`, sampling the memory of its process tree until it exits. */
function runChild(kind: string, input: string): Promise<Measured & { peakTreeMb: number }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'scripts/run-ts.mjs'), 'backend/bench/media.bench.ts', '--measure', kind, input],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    let peak = 0;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setInterval(() => {
      if (child.pid) peak = Math.max(peak, treeRssBytes(child.pid));
    }, 20);
    child.on('error', fail);
    child.on('close', (code) => {
      clearInterval(timer);
      if (code !== 0) return fail(new Error(`${kind} measurement exited with ${code}`));
      done({ ...(JSON.parse(out.trim().split('\n').pop()!) as Measured), peakTreeMb: peak / MB });
    });
  });
}

const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'dc-bench-media-'));
  const videoSeconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
  try {
    console.log(`media bench on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'})`);
    const photo = join(dir, 'photo.jpg');
    // A busy 12 MP picture with sensor-like noise (flat test images compress unrealistically well).
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=4000x3000:rate=1',
      '-vf',
      'noise=alls=12:allf=t',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      photo,
    );
    const clip = join(dir, 'clip-1080p.mp4');
    const made = Date.now();
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(videoSeconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    );
    console.log(
      `inputs: 12 MP JPEG ${(readFileSync(photo).length / MB).toFixed(1)} MB; ${videoSeconds} s 1080p30 clip ${(readFileSync(clip).length / MB).toFixed(1)} MB (made in ${((Date.now() - made) / 1000).toFixed(1)} s)`,
    );

    const image = await runChild('image', photo);
    const video = await runChild('video', clip);
    const speed = videoSeconds / video.seconds;

    console.log('\nimage set (12 MP JPEG -> all variants)');
    console.log(
      `  time            ${image.seconds.toFixed(2)} s   (target < ${TARGETS.imageSeconds} s: ${verdict(image.seconds < TARGETS.imageSeconds)})`,
    );
    console.log(
      `  peak memory     ${image.peakTreeMb.toFixed(0)} MB process tree, ${image.nodeMaxRssMb.toFixed(0)} MB node maxRSS   (target < ${TARGETS.peakMb} MB: ${verdict(Math.max(image.peakTreeMb, image.nodeMaxRssMb) < TARGETS.peakMb)})`,
    );
    console.log(`  output          ${JSON.stringify(image.detail)}`);
    console.log(`\nvideo (${videoSeconds} s 1080p30 -> 720p H.264/AAC faststart, probe + poster + transcode)`);
    console.log(
      `  time            ${video.seconds.toFixed(2)} s = ${speed.toFixed(2)}x realtime   (target >= ${TARGETS.videoRealtime}x: ${verdict(speed >= TARGETS.videoRealtime)})`,
    );
    console.log(
      `  peak memory     ${video.peakTreeMb.toFixed(0)} MB process tree (node + ffmpeg), ${video.nodeMaxRssMb.toFixed(0)} MB node maxRSS   (target < ${TARGETS.peakMb} MB: ${verdict(Math.max(video.peakTreeMb, video.nodeMaxRssMb) < TARGETS.peakMb)})`,
    );
    console.log(`  output          ${JSON.stringify(video.detail)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--measure');
const measureArg = (i: number): string => {
  const value = process.argv[at + i];
  if (value === undefined) throw new Error('usage: media.bench.ts --measure <kind> <input>');
  return value;
};
const run = at >= 0 ? measure(measureArg(1), measureArg(2)) : main();
run.catch((err) => {
  console.error(err);
  process.exit(1);
});
