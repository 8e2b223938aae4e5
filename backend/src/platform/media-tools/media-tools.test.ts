import {
  canProcessVideo,
  chooseTool,
  describeMediaTools,
  packagedBinary,
  resolveMediaTools,
  toolCandidates,
  toolVersion,
} from './media-tools';

describe('media tools: which ffmpeg and ffprobe the server uses', () => {
  it('tries the configured path, then the system one, then the package binary', () => {
    expect(toolCandidates('ffmpeg', 'ffmpeg', '/pkg/ffmpeg')).toEqual([
      { path: 'ffmpeg', source: 'system' },
      { path: '/pkg/ffmpeg', source: 'package' },
    ]);
    expect(toolCandidates('ffprobe', '/opt/ff/ffprobe', null)).toEqual([
      { path: '/opt/ff/ffprobe', source: 'configured' },
      { path: 'ffprobe', source: 'system' },
    ]);
  });

  it("finds the packages' binaries for the platform without loading their entry points", () => {
    const resolve = (request: string) => `/nm/${request}`;
    const exists = () => true;
    expect(packagedBinary('ffmpeg', resolve, 'linux', 'x64', exists)).toBe('/nm/@ffmpeg-installer/linux-x64/ffmpeg');
    expect(packagedBinary('ffprobe', resolve, 'win32', 'x64', exists)).toBe(
      '/nm/@ffprobe-installer/win32-x64/ffprobe.exe',
    );
    expect(packagedBinary('ffmpeg', resolve, 'linux', 'x64', () => false)).toBeNull();
    const missing = () => {
      throw new Error('Cannot find module');
    };
    expect(packagedBinary('ffmpeg', missing, 'freebsd', 'x64', exists)).toBeNull();
  });

  it('chooses the first candidate that runs, or none', async () => {
    const runs = new Set(['/pkg/ffmpeg']);
    const version = async (path: string) => (runs.has(path) ? '4.1' : null);
    await expect(
      chooseTool(
        [
          { path: '/broken', source: 'configured' },
          { path: 'ffmpeg', source: 'system' },
          { path: '/pkg/ffmpeg', source: 'package' },
        ],
        version,
      ),
    ).resolves.toEqual({ path: '/pkg/ffmpeg', source: 'package', version: '4.1' });
    await expect(chooseTool([{ path: 'ffmpeg', source: 'system' }], version)).resolves.toBeNull();
  });

  it('falls back to the binaries shipped in @ffmpeg-installer and @ffprobe-installer, which really run', async () => {
    // As on a machine with only Node.js: no system tools, a wrong configured path.
    const withoutSystem = (path: string) =>
      path === 'ffmpeg' || path === 'ffprobe' ? Promise.resolve(null) : toolVersion(path);
    const tools = await resolveMediaTools(
      { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' },
      { version: withoutSystem },
    );
    expect(tools.ffmpeg).toMatchObject({ source: 'package', path: packagedBinary('ffmpeg') });
    expect(tools.ffprobe).toMatchObject({ source: 'package', path: packagedBinary('ffprobe') });
    expect(tools.ffmpeg!.version).not.toBe('');
    expect(canProcessVideo(tools)).toBe(true);
    expect(describeMediaTools(tools)).toMatch(/^media tools: ffmpeg \S+ \(package: .+\), ffprobe \S+ \(package: .+\)$/);
  }, 30_000);

  it('refuses video when either tool is missing, and says so in the log line', async () => {
    const none = await resolveMediaTools(
      { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
      { packaged: () => null, version: async () => null },
    );
    expect(none).toEqual({ ffmpeg: null, ffprobe: null });
    expect(canProcessVideo(none)).toBe(false);
    expect(canProcessVideo({ ...none, ffmpeg: { path: 'ffmpeg', source: 'system', version: '6' } })).toBe(false);
    expect(canProcessVideo(null)).toBe(true);
    expect(describeMediaTools(none)).toBe(
      'media tools: ffmpeg not found, ffprobe not found; video and audio uploads are refused',
    );
  });
});
