import { Component, Fragment, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** The fallback screen of docs/product.md#error-screen: its heading and button text are fixed by the product rules. */
const ERROR_BOUNDARY_TITLE = 'You have encountered an error';
const ERROR_BOUNDARY_RESET = 'Click here to reset!';

interface Props {
  children: ReactNode;
  /** Called after the fallback's reset button is pressed, before the children render again. */
  onReset?: () => void;
}

interface State {
  error: unknown;
  componentStack: string;
  /** Bumped on reset so the children mount afresh instead of reusing broken state. */
  generation: number;
}

/** The error's text: its message when it is an Error, otherwise the value as a string. */
function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Catches render errors in the island below it and shows the docs/product.md#error-screen fallback:
 * the fixed heading, the error text, the component stack, and a reset button that
 * clears the error and renders the island again from scratch.
 */
class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, componentStack: '', generation: 0 };
  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.error('[ErrorBoundary]', error, info.componentStack);
  }

  private reset = (): void => {
    this.props.onReset?.();
    this.setState((state) => ({ error: null, componentStack: '', generation: state.generation + 1 }));
  };

  render(): ReactNode {
    const { error, componentStack, generation } = this.state;
    if (error === null) {
      // The key changes on reset, so the whole island mounts afresh.
      return <Fragment key={generation}>{this.props.children}</Fragment>;
    }
    return (
      <div className="card stack error-fallback" role="alert">
        <h2 className="card-title">{ERROR_BOUNDARY_TITLE}</h2>
        <p className="alert alert-error">{errorText(error)}</p>
        <details open>
          <summary className="muted small">Component stack</summary>
          <pre tabIndex={0} aria-label="Component stack">
            {componentStack.trim() || 'No component stack was reported.'}
          </pre>
        </details>
        <div>
          <button type="button" className="btn btn-primary" onClick={this.reset}>
            {ERROR_BOUNDARY_RESET}
          </button>
        </div>
      </div>
    );
  }
}

/**
 * Wraps an island component in the error boundary, so `client:*` islands can export
 * `withErrorBoundary(MyIsland)` and never take the page down with them.
 */
export function withErrorBoundary<P extends object>(Wrapped: ComponentType<P>): ComponentType<P> {
  function WithErrorBoundary(props: P) {
    return (
      <ErrorBoundary>
        <Wrapped {...props} />
      </ErrorBoundary>
    );
  }
  WithErrorBoundary.displayName = `withErrorBoundary(${Wrapped.displayName ?? Wrapped.name ?? 'Component'})`;
  return WithErrorBoundary;
}

export default ErrorBoundary;
