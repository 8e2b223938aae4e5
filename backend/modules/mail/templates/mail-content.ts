/**
 * What a template says, as plain text. The layout turns one MailContent into both the text and the
 * HTML part, so the two never disagree and escaping happens in one place.
 */
export interface MailContent {
  subject: string;
  greeting: string;
  /** Before the action button. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** After the action button. */
  notes: string[];
  /** A list's mails (notify-me) end with a link that takes the address off it in one click. */
  unsubscribeUrl?: string;
}

/** Every template receives the member's display name and the link to act on. */
export interface LinkMailParams {
  displayName: string;
  link: string;
}

/** A mail of a list the reader can leave: its action link and its unsubscribe link. */
export interface ListMailParams extends LinkMailParams {
  unsubscribeLink: string;
}
