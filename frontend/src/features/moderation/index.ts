/** Moderation and audit history (issue 19): /moderation, loaded lazily by app/routes.tsx; nothing else is shared. */
export {};
