/** Messages: the conversation list, the chat view and the New Message dialog (/messages, /chat). */
export { default as MessagesScreen } from './screens/MessagesScreen';
