// A failed chunk or data load shows what failed and offers a retry: never a blank page.
import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from './runtime.tsx';

interface Props {
  children: ReactNode;
  onRetry?: () => void;
}

export class LoadErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError ? error : undefined;
    return (
      <main className="load-error" id="main">
        <div role="alert">
          <h1>{chunk ? `Loading chunk ${chunk.chunk} failed` : 'Something went wrong'}</h1>
          {chunk ? (
            <p>
              ({chunk.type}: <code>{chunk.url}</code>)
            </p>
          ) : (
            <p>{error.message}</p>
          )}
        </div>
        <p>Check your connection, then try again.</p>
        <button type="button" className="button" onClick={this.retry}>
          Try again
        </button>
      </main>
    );
  }
}
