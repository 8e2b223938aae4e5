/** Development pages for media (part 2 §2): autoplay tests and /media-test. Routed only in development builds. */
export {
  AutoplayTestScreen,
  DebugAutoplayScreen,
  TestAutoplayScreen,
  TestWorkingAutoplayScreen,
} from './screens/AutoplayTestScreen';
export { default as MediaTestScreen } from './screens/MediaTestScreen';
