import { Fragment } from 'react';

import { AppLink } from '@/ui/AppLink';

import { hashtagHref, mentionHref, splitRichText } from '../richText';

/** Post text with #hashtags and @mentions as links. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {splitRichText(text).map((part, i) => {
        if (part.kind === 'hashtag')
          return (
            <AppLink key={i} className="post-card__tag" to={hashtagHref(part.tag)}>
              {part.text}
            </AppLink>
          );
        if (part.kind === 'mention')
          return (
            <AppLink key={i} className="post-card__tag" to={mentionHref(part.name)} dir="ltr">
              {part.text}
            </AppLink>
          );
        return <Fragment key={i}>{part.text}</Fragment>;
      })}
    </>
  );
}
