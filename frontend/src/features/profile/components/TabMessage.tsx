import type { ReactNode } from 'react';

/** An empty, private or failed tab: a short title, an explanation and maybe an action. */
export function TabMessage({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <div className="profile-tab-message">
      <p className="profile-tab-message__title">{title}</p>
      {body ? <p className="muted">{body}</p> : null}
      {children}
    </div>
  );
}
