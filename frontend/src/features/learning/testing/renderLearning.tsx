import { Route } from 'react-router-dom';

import type { AppStore } from '@/app/store';
import { renderScreens } from '@/testing/screens';

import CartScreen from '../screens/CartScreen';
import CertificateScreen from '../screens/CertificateScreen';
import CheckoutScreen from '../screens/CheckoutScreen';
import CourseDetailScreen from '../screens/CourseDetailScreen';
import CourseEditorScreen from '../screens/CourseEditorScreen';
import CourseLearnScreen from '../screens/CourseLearnScreen';
import LearningScreen from '../screens/LearningScreen';

/** The learning screens, the toasts and where the app is, as the shell would hold them. */
export function renderLearning(route = '/learning', options: { store?: AppStore } = {}) {
  return renderScreens(
    <>
      <Route path="/learning" element={<LearningScreen />} />
      <Route path="/course/:id" element={<CourseDetailScreen />} />
      <Route path="/course/:id/learn" element={<CourseLearnScreen />} />
      <Route path="/cart" element={<CartScreen />} />
      <Route path="/certificates/:id" element={<CertificateScreen />} />
      <Route path="/checkout" element={<CheckoutScreen />} />
      <Route path="/teach/new" element={<CourseEditorScreen />} />
      <Route path="/teach/:id" element={<CourseEditorScreen />} />
    </>,
    route,
    options,
  );
}
