import PlaceholderScreen from '../../shell/screens/PlaceholderScreen';

// Replaced by the screen itself as the feature is built.
export default function Screen() {
  return <PlaceholderScreen titleKey="screens.post" />;
}
