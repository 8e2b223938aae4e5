/** Messages: the conversation list, the chat view and the New Message dialog (/messages, /chat). */
export { default as MessagesScreen } from './screens/MessagesScreen';
// Other screens (a member's profile) open a conversation the way New Message does.
export { useStartConversationMutation } from './api';
