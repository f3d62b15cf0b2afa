import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the children after a render error; `reset` tries again. */
  fallback: (reset: () => void) => ReactNode;
  /** Changing it (e.g. the route) clears the error. */
  resetKey: string;
  children?: ReactNode;
}

/** Keeps one broken screen from blanking the whole player: the rest of the shell keeps working. */
export class ErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    // Reported, never rethrown into the host page.
    console.error('patient-ed-player: a screen failed to render', error);
  }

  render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
