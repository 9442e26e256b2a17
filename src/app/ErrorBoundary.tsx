import { Component, type ReactNode } from 'react';

interface Props {
  /** What shows in place of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** A new value (the next page's path) clears the error and renders the children again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  /** The resetKey when the error was caught. */
  failedAt?: string;
}

/** Catches what a page throws while rendering (or its code failing to load). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failed) return null;
    if (state.failedAt === undefined) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey
      ? null
      : { error: null, failed: false, failedAt: undefined };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
