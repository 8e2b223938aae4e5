/** Messages: the conversation list, the chat view and the New Message dialog (/messages, /chat). */
// Other screens (a member's profile) open a conversation the way New Message does.
export { useStartConversationMutation } from './api';
// Not the screen: app/routes.tsx loads it from its own file, and a re-export here would bring the whole
// screen (and what it imports) to every screen that imports something else from this folder.
