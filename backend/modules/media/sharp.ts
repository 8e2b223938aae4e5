import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | null = null;

/**
 * sharp, loaded on first use: libvips is a large native library (0.2-0.5 s to load here), and many
 * starts never touch an image before they stop (a test's app, a process of another role). Its cache
 * is off: libvips otherwise keeps open files and decoded images between jobs (Immich's leak).
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
