/** Search, the AI scholar and the Q&A community feed. The screens are loaded lazily by app/routes.tsx. */
export { isQuestion } from './question';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
