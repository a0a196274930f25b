import { Component, type ErrorInfo, type ReactNode } from 'react';
import { editorMessages } from './editor-messages';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** Reports the error (platform.md §8: an error boundary reports and shows fallback content). */
  onError?: (error: Error, info: ErrorInfo) => void;
  fallback?: (reset: () => void) => ReactNode;
}

export function ErrorFallback({ onReset }: { onReset: () => void }) {
  return (
    <div className="ed-error-fallback" role="alert">
      <h2>{editorMessages.errorTitle}</h2>
      <p>{editorMessages.errorBody}</p>
      <button type="button" className="ed-button ed-button--primary" onClick={onReset}>
        {editorMessages.reload}
      </button>
    </div>
  );
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.reset) : <ErrorFallback onReset={this.reset} />;
  }
}
