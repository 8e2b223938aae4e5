import { Fragment } from 'react';
import { Link } from 'react-router-dom';

import { hashtagHref, mentionHref, splitRichText } from '../richText';

/** Post text with #hashtags and @mentions as links. */
export function RichText({ text }: { text: string }) {
  return (
    <>
      {splitRichText(text).map((part, i) => {
        if (part.kind === 'hashtag')
          return (
            <Link key={i} className="post-card__tag" to={hashtagHref(part.tag)}>
              {part.text}
            </Link>
          );
        if (part.kind === 'mention')
          return (
            <Link key={i} className="post-card__tag" to={mentionHref(part.name)} dir="ltr">
              {part.text}
            </Link>
          );
        return <Fragment key={i}>{part.text}</Fragment>;
      })}
    </>
  );
}
