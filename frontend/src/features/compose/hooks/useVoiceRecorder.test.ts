import { act, renderHook } from '@testing-library/react';

import { FakeMediaRecorder, type FakeMicrophone, installFakeMicrophone } from '../testing/fakeRecorder';
import { recordingFileName, useVoiceRecorder } from './useVoiceRecorder';

describe('useVoiceRecorder', () => {
  let mic: FakeMicrophone;

  afterEach(() => {
    mic?.restore();
    jest.useRealTimers();
  });

  it('counts seconds and stops by itself at 120 s, handing over an audio file', async () => {
    jest.useFakeTimers();
    mic = installFakeMicrophone();
    const onRecorded = jest.fn();
    const { result } = renderHook(() => useVoiceRecorder(onRecorded));
    await act(async () => {
      await result.current.start();
    });
    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(result.current.status).toBe('recording');

    act(() => {
      jest.advanceTimersByTime(61_000);
    });
    expect(result.current.seconds).toBe(61);
    expect(onRecorded).not.toHaveBeenCalled();

    act(() => {
      jest.advanceTimersByTime(59_000);
    });
    expect(result.current.status).toBe('stopped');
    expect(result.current.seconds).toBe(120);
    expect(FakeMediaRecorder.instances[0]!.stopCalls).toBe(1);
    expect(mic.trackStop).toHaveBeenCalled();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const [file, seconds] = onRecorded.mock.calls[0] as [File, number];
    expect(seconds).toBe(120);
    expect(file.type).toBe('audio/webm');
    expect(file.name).toMatch(/^voice-message-.*\.webm$/);

    act(() => {
      jest.advanceTimersByTime(30_000);
    });
    expect(FakeMediaRecorder.instances[0]!.stopCalls).toBe(1);
  });

  it('stops when asked', async () => {
    jest.useFakeTimers();
    mic = installFakeMicrophone();
    const onRecorded = jest.fn();
    const { result } = renderHook(() => useVoiceRecorder(onRecorded));
    await act(async () => {
      await result.current.start();
    });
    act(() => {
      jest.advanceTimersByTime(7_300);
    });
    act(() => result.current.stop());
    expect(result.current.status).toBe('stopped');
    expect(onRecorded).toHaveBeenCalledWith(expect.any(File), 7);
  });

  it('says so when the microphone is refused', async () => {
    mic = installFakeMicrophone({ refuse: true });
    const { result } = renderHook(() => useVoiceRecorder(jest.fn()));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.error).toBe('micRefused');
    expect(result.current.status).toBe('idle');
  });

  it('says so when the browser cannot record', async () => {
    mic = installFakeMicrophone();
    delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
    const { result } = renderHook(() => useVoiceRecorder(jest.fn()));
    await act(async () => {
      await result.current.start();
    });
    expect(result.current.error).toBe('unsupported');
    expect(mic.getUserMedia).not.toHaveBeenCalled();
  });

  it('frees the microphone and drops the recording when the composer closes', async () => {
    mic = installFakeMicrophone();
    const onRecorded = jest.fn();
    const { result, unmount } = renderHook(() => useVoiceRecorder(onRecorded));
    await act(async () => {
      await result.current.start();
    });
    unmount();
    expect(mic.trackStop).toHaveBeenCalled();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('names files after their container', () => {
    const at = new Date('2026-03-01T10:20:30.000Z');
    expect(recordingFileName('audio/ogg;codecs=opus', at)).toBe('voice-message-2026-03-01T10-20-30-000Z.ogg');
    expect(recordingFileName('audio/mp4', at)).toMatch(/\.m4a$/);
  });
});
