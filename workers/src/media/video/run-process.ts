import { spawn } from 'node:child_process';

export class ProcessTimeoutError extends Error {
  constructor(command: string, timeoutMs: number) {
    super(`${command} killed after ${timeoutMs} ms`);
    this.name = 'ProcessTimeoutError';
  }
}

export class ProcessFailedError extends Error {
  constructor(
    command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(`${command} exited with ${exitCode}: ${stderrTail.slice(-500)}`);
    this.name = 'ProcessFailedError';
  }
}

/**
 * Runs a binary without a shell and collects its output. A process that outlives timeoutMs is
 * killed (SIGKILL: a stuck ffmpeg ignores gentler signals), so it can never hold a queue slot forever.
 */
export function runProcess(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 4_000_000) stdout += d.toString();
    });
    // Only the tail matters for errors; ffmpeg's progress output would otherwise grow without end.
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new ProcessTimeoutError(command, timeoutMs));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new ProcessFailedError(command, code, stderr));
    });
  });
}
