import { useCallback, useEffect, useReducer, useRef } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { admitFiles, type AdmitRules, DEFAULT_ADMIT_RULES, type UploadProblem } from './admitFiles';
import { runChunkedUpload, UploadError } from './chunkedUpload';
import { hashInWorker } from './hashInWorker';
import type { UploadPurpose } from './limits';
import { readVideoMetadata, resizeImage } from './processMedia';
import { type UploadItem, uploadItemsReducer, type UploadMetadata } from './uploadItem';

export interface MediaProcessors {
  image: (file: File) => Promise<{ file: File; metadata: UploadMetadata }>;
  video: (file: File) => Promise<UploadMetadata>;
}

export interface MediaUploaderOptions {
  purpose?: UploadPurpose;
  /** Files seen by the uploader alone until something shares them (a direct message does). */
  private?: boolean;
  rules?: AdmitRules;
  /** Start uploading as soon as a file is processed (default true); false waits for `upload(id)`. */
  autoUpload?: boolean;
  /** After processing: a text refuses the file (it becomes failed with that text). */
  validate?: (item: { file: File; type: 'image' | 'video'; metadata: UploadMetadata }) => string | null;
  /** SHA-256 hex of a file; the default computes it in a Web Worker. */
  hash?: (file: Blob) => Promise<string>;
  processors?: Partial<MediaProcessors>;
}

export interface MediaUploader {
  items: UploadItem[];
  /** Admits what §5 allows and processes it; returns the refusals (already shown as toasts). */
  add: (files: readonly File[]) => UploadProblem[];
  /** Uploads (or resumes) one item; resolves with its media id. Rejects with UploadError when paused or failed. */
  upload: (id: string) => Promise<string>;
  pause: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

/** Browsers without createImageBitmap (and jsdom) send the original image: the server resizes it anyway. */
const defaultImage: MediaProcessors['image'] = async (file) =>
  typeof createImageBitmap === 'function'
    ? resizeImage(file)
    : { file, metadata: { width: null, height: null, duration: null, size: file.size } };

let sequence = 0;
const nextId = () => `upload-${Date.now().toString(36)}-${(sequence += 1)}`;

/**
 * Part 2 §5 media uploader: up to 4 images or videos of at most 50 MB, images resized to WebP in the
 * browser, each sent through the chunked upload API with its own state (pending → processing →
 * uploading → completed / failed / paused). Used by the video composer and the messages composer.
 */
export function useMediaUploader(options: MediaUploaderOptions = {}): MediaUploader {
  const { t } = useTranslation();
  const toast = useToast();
  const [items, dispatch] = useReducer(uploadItemsReducer, []);
  const latest = useRef(items);
  latest.current = items;
  const controllers = useRef(new Map<string, AbortController>());
  const settings = useRef(options);
  settings.current = options;

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const find = (id: string) => latest.current.find((item) => item.id === id);

  const process = useCallback(async (id: string, file: File, type: 'image' | 'video'): Promise<boolean> => {
    dispatch({ type: 'processingStarted', id });
    const processors = { image: defaultImage, video: readVideoMetadata, ...settings.current.processors };
    try {
      const outcome =
        type === 'image' ? await processors.image(file) : { file, metadata: await processors.video(file) };
      const refusal = settings.current.validate?.({ ...outcome, type }) ?? null;
      if (refusal) {
        dispatch({ type: 'failed', id, error: refusal });
        return false;
      }
      dispatch({ type: 'processed', id, ...outcome });
      // The reducer runs on the next render; the upload that may follow reads the processed file now.
      latest.current = uploadItemsReducer(latest.current, { type: 'processed', id, ...outcome });
      return true;
    } catch (error) {
      dispatch({ type: 'failed', id, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }, []);

  const upload = useCallback(
    async (id: string): Promise<string> => {
      const item = find(id);
      if (!item) throw new UploadError('Upload cancelled', 'cancelled');
      if (item.mediaId) return item.mediaId;
      if (!item.processed && !(await process(id, item.file, item.type))) {
        throw new UploadError(find(id)?.error ?? 'Upload failed', 'init');
      }
      const ready = find(id)!;
      const controller = new AbortController();
      controllers.current.get(id)?.abort();
      controllers.current.set(id, controller);
      dispatch({ type: 'uploadStarted', id });
      try {
        const { mediaId } = await runChunkedUpload({
          file: ready.file,
          purpose: settings.current.purpose ?? 'post',
          ...(settings.current.private ? { private: true } : {}),
          metadata: { ...ready.metadata },
          signal: controller.signal,
          hash: settings.current.hash ?? hashInWorker,
          onChecksum: (checksum) => dispatch({ type: 'checksummed', id, checksum }),
          onProgress: (p) => dispatch({ type: 'progressed', id, ...p }),
        });
        dispatch({ type: 'completed', id, mediaId });
        return mediaId;
      } catch (error) {
        const failure = error instanceof UploadError ? error : new UploadError(String(error), 'chunk');
        if (failure.failure === 'cancelled') dispatch({ type: 'paused', id });
        else dispatch({ type: 'failed', id, error: failure.serverMessage ?? failure.message });
        throw failure;
      } finally {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      }
    },
    [process],
  );

  const start = useCallback(
    (id: string) => {
      upload(id).catch(() => undefined);
    },
    [upload],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const rules = settings.current.rules ?? DEFAULT_ADMIT_RULES;
      const { accepted, problems } = admitFiles(files, latest.current.length, rules);
      for (const problem of problems) toast(t(problem.message, { file: problem.file }), 'error', t(problem.title));
      for (const file of accepted) {
        const id = nextId();
        const type = file.type.startsWith('image/') ? 'image' : 'video';
        dispatch({ type: 'added', id, file, kind: type });
        latest.current = uploadItemsReducer(latest.current, { type: 'added', id, file, kind: type });
        void process(id, file, type).then((ok) => {
          if (ok && settings.current.autoUpload !== false) start(id);
        });
      }
      return problems;
    },
    [process, start, t, toast],
  );

  const pause = useCallback((id: string) => controllers.current.get(id)?.abort(), []);
  const retry = useCallback((id: string) => start(id), [start]);
  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    dispatch({ type: 'removed', id });
  }, []);

  return { items, add, upload, pause, retry, remove };
}
