import { Route, Routes, useLocation } from 'react-router-dom';

import { renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import CartScreen from '../screens/CartScreen';
import CheckoutScreen from '../screens/CheckoutScreen';
import CourseDetailScreen from '../screens/CourseDetailScreen';
import CourseEditorScreen from '../screens/CourseEditorScreen';
import CourseLearnScreen from '../screens/CourseLearnScreen';
import LearningScreen from '../screens/LearningScreen';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The learning screens, the toasts and where the app is, as the shell would hold them. */
export function renderLearning(route = '/learning') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/learning" element={<LearningScreen />} />
        <Route path="/course/:id" element={<CourseDetailScreen />} />
        <Route path="/course/:id/learn" element={<CourseLearnScreen />} />
        <Route path="/cart" element={<CartScreen />} />
        <Route path="/checkout" element={<CheckoutScreen />} />
        <Route path="/teach/new" element={<CourseEditorScreen />} />
        <Route path="/teach/:id" element={<CourseEditorScreen />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Toasts />
      <Where />
    </>,
    { route },
  );
}
