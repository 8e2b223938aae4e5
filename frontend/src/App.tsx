import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';

import { SessionBootstrap } from '@/resources/session';

import { MemberScope } from './app/MemberScope';
import { AppRoutes } from './app/routes';
import { ScrollMemory } from './app/ScrollMemory';
import type { AppStore } from './app/store';
import { ErrorBoundary } from './features/shell/components/ErrorBoundary';
import { i18n } from './i18n';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <BrowserRouter>
            <SessionBootstrap />
            <ScrollMemory />
            <MemberScope>
              <AppRoutes />
            </MemberScope>
          </BrowserRouter>
        </ErrorBoundary>
      </I18nextProvider>
    </Provider>
  );
}
