import { Component, type ErrorInfo, type ReactNode } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

function Fallback({ error, onReset }: { error: unknown; onReset: () => void }) {
  const { t } = useTranslation();
  const message = error instanceof Error && error.message ? error.message : t('errors.unknown');
  return (
    <div className="error-fallback" role="alert">
      <p>{t('errors.boundary', { message })}</p>
      <button type="button" className="button" onClick={onReset}>
        {t('errors.tryAgainBoundary')}
      </button>
    </div>
  );
}

/** §8: 'Something went wrong: {message}' with a 'Try Again' that resets the subtree. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  reset = () => this.setState({ error: undefined, failed: false });

  override render() {
    if (this.state.failed) return <Fallback error={this.state.error} onReset={this.reset} />;
    return this.props.children;
  }
}
