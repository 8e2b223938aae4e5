/** A MediaRecorder and microphone stand-in for jsdom, which has neither. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus' || type === 'audio/webm';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  stopCalls = 0;

  constructor(
    readonly stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    this.stopCalls += 1;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice-bytes'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

export interface FakeMicrophone {
  getUserMedia: jest.Mock;
  trackStop: jest.Mock;
  restore: () => void;
}

/** Installs the fake recorder and a microphone that grants access, or refuses it with `refuse`. */
export function installFakeMicrophone({ refuse = false }: { refuse?: boolean } = {}): FakeMicrophone {
  FakeMediaRecorder.instances = [];
  const trackStop = jest.fn();
  const getUserMedia = jest.fn(async () => {
    if (refuse) throw new DOMException('Permission denied', 'NotAllowedError');
    return { getTracks: () => [{ stop: trackStop }] };
  });
  const previous = {
    recorder: (globalThis as { MediaRecorder?: unknown }).MediaRecorder,
    devices: navigator.mediaDevices,
  };
  (globalThis as { MediaRecorder?: unknown }).MediaRecorder = FakeMediaRecorder;
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return {
    getUserMedia,
    trackStop,
    restore: () => {
      (globalThis as { MediaRecorder?: unknown }).MediaRecorder = previous.recorder;
      Object.defineProperty(navigator, 'mediaDevices', { value: previous.devices, configurable: true });
    },
  };
}
