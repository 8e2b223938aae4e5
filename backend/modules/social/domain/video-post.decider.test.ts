import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { commentsAllowed, videoPostDecider } from './video-post.decider';

const A = 'member-a';
const post = {
  postId: 'p',
  userId: A,
  mediaId: 'm',
  allowComments: false,
  declared: { duration: 3, width: null, height: null, size: null, format: 'video/mp4' },
  at: 't',
};
const spec = DeciderSpec.for(videoPostDecider);

describe('video post decider', () => {
  it('records the settings once; only a post that turned comments off refuses them', () => {
    expect(commentsAllowed(spec.state())).toBe(true);
    const { events, state } = spec
      .when({ type: 'SubmitVideoPost', post })
      .then([{ type: 'VideoPostSubmitted', data: post }]);
    expect(commentsAllowed(state)).toBe(false);
    spec.given(events).when({ type: 'SubmitVideoPost', post }).thenThrows({ message: 'This post already exists' });
  });

  it('keeps comments open on a post that allows them', () => {
    const { state } = spec
      .when({ type: 'SubmitVideoPost', post: { ...post, allowComments: true } })
      .then([{ type: 'VideoPostSubmitted', data: { ...post, allowComments: true } }]);
    expect(commentsAllowed(state)).toBe(true);
  });

  it('refuses a second submission for the same post with a 409, whatever it carries', () => {
    spec
      .given([{ type: 'VideoPostSubmitted', data: { ...post, allowComments: true } }])
      .when({ type: 'SubmitVideoPost', post: { ...post, mediaId: 'other' } })
      .thenThrows({ code: 'POST_EXISTS', message: 'This post already exists', status: 409 });
  });
});
