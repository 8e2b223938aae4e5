/**
 * The Web Push messages the server sends (backend push module): shown as a system notification;
 * a click focuses an open window of the app on the message's screen, or opens one.
 */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  /** The app path the click opens, e.g. /messages/<conversationId>. */
  url: string;
  /** Notifications with one tag replace each other (one per conversation, say). */
  tag: string;
}

/** The message in a push's data, or null when it is not one of ours (then nothing is shown). */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { id, title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof url !== 'string' || !safeAppPath(url)) return null;
  return {
    id: typeof id === 'string' ? id : '',
    title,
    body: typeof body === 'string' ? body : '',
    url,
    tag: typeof tag === 'string' ? tag : '',
  };
}

/** Only a path of this app: a push can never send the member to another site. */
export function safeAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

export function notificationOptions(message: PushMessage): NotificationOptions {
  return {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: message.url, id: message.id },
    ...(message.tag ? { tag: message.tag } : {}),
  };
}

/** The window to reuse for a click: one of the app's already open on that path, else any of them. */
export function windowFor<C extends { url: string }>(
  clients: readonly C[],
  origin: string,
  path: string,
): C | undefined {
  const target = new URL(path, origin).href;
  return clients.find((c) => c.url === target) ?? clients.find((c) => c.url.startsWith(origin));
}
