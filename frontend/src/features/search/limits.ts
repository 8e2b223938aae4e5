/** §9: post, result and Q&A content is cut to 200 characters. */
export const CONTENT_TRUNCATE_LIMIT = 200;
/** §2: the results page shows 5 skeleton placeholders while it loads. */
export const RESULT_SKELETONS = 5;
/** Recent posts shown under the empty state (the page's general feed). */
export const RECENT_POSTS_SHOWN = 5;
/** The AI scholar answers questions of up to 500 characters (the server's limit); the box holds no more. */
export const QUESTION_MAX_LENGTH = 500;
