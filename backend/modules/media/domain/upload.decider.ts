import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { UploadEvent, UploadStartedData } from '../events';

export interface UploadState {
  started: UploadStartedData | null;
  status: 'none' | 'open' | 'completed' | 'rejected' | 'expired';
  mediaId: string | null;
}

export type UploadCommand =
  | { type: 'Start'; upload: UploadStartedData }
  | { type: 'Complete'; mediaId: string; now: string }
  | { type: 'Reject'; code: string; reason: string; now: string }
  | { type: 'Expire'; now: string; ttlMs: number };

/** A chunked upload: open until completed, rejected (checksum, type, size) or expired (abandoned). */
export const uploadDecider: Decider<UploadState, UploadCommand, UploadEvent> = {
  initialState: () => ({ started: null, status: 'none', mediaId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'UploadStarted':
        return { started: event.data, status: 'open', mediaId: null };
      case 'UploadCompleted':
        return { ...state, status: 'completed', mediaId: event.data.mediaId };
      case 'UploadRejected':
        return { ...state, status: 'rejected' };
      case 'UploadExpired':
        return { ...state, status: 'expired' };
    }
  },
  decide(state, command) {
    if (command.type === 'Start') {
      if (state.status !== 'none') throw new DomainError('UPLOAD_EXISTS', 'Upload already exists', 409);
      return [{ type: 'UploadStarted', data: command.upload }];
    }
    if (state.status === 'none') throw new DomainError('UPLOAD_NOT_FOUND', 'Upload not found', 404);
    const uploadId = state.started!.uploadId;
    switch (command.type) {
      case 'Complete':
        if (state.status === 'completed' && state.mediaId === command.mediaId) return [];
        assertOpen(state);
        return [{ type: 'UploadCompleted', data: { uploadId, mediaId: command.mediaId, completedAt: command.now } }];
      case 'Reject':
        assertOpen(state);
        return [
          {
            type: 'UploadRejected',
            data: { uploadId, code: command.code, reason: command.reason, rejectedAt: command.now },
          },
        ];
      case 'Expire': {
        if (state.status !== 'open') return [];
        const age = Date.parse(command.now) - Date.parse(state.started!.startedAt);
        if (age < command.ttlMs) throw new DomainError('UPLOAD_ACTIVE', 'Upload is still active', 409);
        return [{ type: 'UploadExpired', data: { uploadId, expiredAt: command.now } }];
      }
    }
  },
};

export function assertOpen(state: UploadState): void {
  if (state.status === 'completed') throw new DomainError('UPLOAD_COMPLETED', 'Upload already finalized', 409);
  if (state.status === 'rejected' || state.status === 'expired')
    throw new DomainError('UPLOAD_CLOSED', 'Upload is no longer open. Please start again.', 404);
}
