import { useCallback, useEffect, useRef, useState } from 'react';

import { COMPOSE_LIMITS } from '../limits';

/** §4 voice recording states. */
export type RecorderStatus = 'idle' | 'recording' | 'stopped';
export type RecorderError = 'micRefused' | 'unsupported';

/**
 * Containers in the order we ask for them: the server recognises Ogg and MP4 audio by their bytes,
 * while a WebM recording (Chrome's only choice) is the fallback.
 */
export const RECORDING_TYPES = ['audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm;codecs=opus', 'audio/webm'] as const;

const EXTENSIONS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

export function recordingSupported(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

function preferredType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

export function recordingFileName(mime: string, at: Date): string {
  const base = mime.split(';')[0]!.trim();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `voice-message-${stamp}.${EXTENSIONS[base] ?? 'webm'}`;
}

export interface VoiceRecorder {
  status: RecorderStatus;
  /** Whole seconds recorded so far. */
  seconds: number;
  error: RecorderError | null;
  start: () => Promise<void>;
  stop: () => void;
}

/**
 * Records from the microphone (MediaRecorder + getUserMedia) until stopped, or automatically at
 * `maxSeconds` (§9: 120 s); the recording is handed over as an audio file with its length.
 */
export function useVoiceRecorder(
  onRecorded: (file: File, seconds: number) => void,
  maxSeconds: number = COMPOSE_LIMITS.recordingSeconds,
): VoiceRecorder {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<RecorderError | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; limit?: ReturnType<typeof setTimeout> }>({});
  const deliver = useRef(onRecorded);
  deliver.current = onRecorded;
  const mounted = useRef(true);

  const clearTimers = () => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.limit);
    timers.current = {};
  };

  const stop = useCallback(() => {
    clearTimers();
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (recorder.current) return;
    setError(null);
    if (!recordingSupported()) {
      setError('unsupported');
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (mounted.current) setError('micRefused');
      return;
    }
    if (!mounted.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    const type = preferredType();
    let media: MediaRecorder;
    try {
      media = type ? new MediaRecorder(stream, { mimeType: type }) : new MediaRecorder(stream);
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setError('unsupported');
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    const elapsed = () => Math.min(maxSeconds, Math.floor((Date.now() - startedAt) / 1000));
    media.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      recorder.current = null;
      if (!mounted.current) return;
      const mime = media.mimeType || type || 'audio/webm';
      const length = elapsed();
      setSeconds(length);
      setStatus('stopped');
      const file = new File(chunks, recordingFileName(mime, new Date()), { type: mime.split(';')[0]!.trim() });
      deliver.current(file, length);
    };
    recorder.current = media;
    media.start();
    setSeconds(0);
    setStatus('recording');
    timers.current.tick = setInterval(() => setSeconds(elapsed()), 250);
    timers.current.limit = setTimeout(stop, maxSeconds * 1000);
  }, [maxSeconds, stop]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      // Leaving the composer discards an unfinished recording and frees the microphone.
      mounted.current = false;
      clearTimers();
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    };
  }, []);

  return { status, seconds, error, start, stop };
}
