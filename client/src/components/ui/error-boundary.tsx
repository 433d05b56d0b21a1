import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback: (error: unknown, reset: () => void) => ReactNode; children: ReactNode };
type State = { error: unknown };

/** Keeps one broken part (a lazily loaded dialog, say) from taking the whole page down. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
